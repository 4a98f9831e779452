import { OpenWith } from '../pieces/OpenWith';
import { ReminderTaps } from '../companion/ReminderTaps';
import { currentPlatform } from '../native';
import { HardwareBack } from './HardwareBack';

/**
 * What the shell adds on Android and iOS only, one lazy chunk that the web never loads (initial
 * JS budget): the hardware back button (Android), a tapped practice reminder opening its route
 * (issue 24), a MusicXML file or an assignment opened with the app or shared to it (issue 25).
 */
export function NativeShell() {
  return (
    <>
      {currentPlatform() === 'android' && <HardwareBack />}
      <ReminderTaps />
      <OpenWith />
    </>
  );
}
