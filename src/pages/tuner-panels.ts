// The tuner's panels that open on a tap, one lazy chunk (src/pages/TunerPage.tsx).
export { DroneControl } from '../tuner/DroneControl';
export { MetronomePanel } from '../companion/MetronomePanel';
export { ListenForA4 } from '../tuner/ListenForA4';
