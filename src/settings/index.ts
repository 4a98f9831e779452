export * from './settings';
export { useSettings } from './use-settings';
