/**
 * What the app keeps and sends, in plain words (store listings link the same text: README
 * "Store metadata"). Shown inside the settings screen, reached from its Privacy section.
 */
export function PrivacyPage(props: { onBack: () => void }) {
  return (
    <article className="privacy-page" data-testid="privacy-page" aria-labelledby="privacy-title">
      <button type="button" className="privacy-page__back" onClick={props.onBack}>
        ‹ Back to settings
      </button>
      <h2 id="privacy-title">Privacy</h2>
      <h3>Your microphone</h3>
      <p>
        The app listens to the microphone only to show the note you play and to score your
        exercises. The sound is analysed on this device as you play; no audio ever leaves it unless
        you share a take yourself.
      </p>
      <h3>What is stored on this device</h3>
      <ul>
        <li data-testid="privacy-settings">
          Your choices: settings, theme, today’s routine, each exercise’s last setup, the drone’s
          and the metronome’s settings and presets, your daily goal and reminder times.
        </li>
        <li>
          Your practice history: for each attempt the date, the exercise, its settings, the score
          and the results per note. You can export it, delete an attempt or clear it all under
          History.
        </li>
        <li data-testid="privacy-days">
          Per day: how long you played and rested, your lowest and highest note, and whether you
          finished the routine (for Progress and your streak).
        </li>
        <li data-testid="privacy-pieces">
          The pieces you open or import (the music, its title and file name, how you practise it)
          and your attempts at each, with their per-note results. They are in the history’s export
          file. Delete a piece with its attempts under Pieces (the bin beside it); clearing the
          app’s data (your phone’s or browser’s settings) removes them all.
        </li>
        <li data-testid="privacy-takes">
          The takes you record (Record): their audio, name, date and the pitch traced while you
          played, kept in the app’s storage on this device until you delete them under Takes.
          Nothing is recorded unless you press Record.
        </li>
      </ul>
      <p data-testid="privacy-unsent">
        Without an account nothing of this is sent anywhere. There is no advertising.
      </p>
      <h3>With an account, only if you make one</h3>
      <p data-testid="privacy-account">
        An account is optional (Settings → Account). Signed in, your history, your pieces with their
        attempts, the details of your takes (name, date, length, notes), your settings, theme, daily
        goal and metronome presets are kept on the sync server you sign in to, in a database only
        your account can read, and on each device you sign in on. Takes’ audio and pitch trace, your
        reminders and the analytics choice stay on this device. The app keeps your name and a
        session from the server, never your password. Signing out keeps everything here; deleting
        the account removes it and its data from the server.
      </p>
      <h3>Analytics, only with your consent</h3>
      <p>
        Off unless you switch on “Share anonymous usage statistics” in the settings. When on, the
        app sends Google Analytics for Firebase three events: app opened, tuner started and exercise
        completed (its type and score). Never audio, never your history, never who you are. Switch
        it off at any time and nothing more is sent.
      </p>
    </article>
  );
}
