import { useEffect, useRef, useState } from 'react';
import { type SpelledNote } from '../../music';
import { loadVexFlow, vexflowKey } from './vexflow-loader';

export { vexflowKey } from './vexflow-loader';

/**
 * The target note(s) on a treble staff, drawn by VexFlow (written pitch). The first note is the
 * target; any following notes are shown greyed as "next".
 */
export function StaffView(props: { notes: readonly SpelledNote[]; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const keyOf = props.notes.map((n) => vexflowKey(n).key).join(' ');

  useEffect(() => {
    let cancelled = false;
    const notes = props.notes;
    loadVexFlow()
      .then((vf) => {
        const element = host.current;
        if (cancelled || !element) return;
        element.replaceChildren();
        const width = 110 + 60 * notes.length;
        const renderer = new vf.Renderer(element, vf.Renderer.Backends.SVG);
        renderer.resize(width, 140);
        const context = renderer.getContext();
        const stave = new vf.Stave(0, 10, width - 2);
        stave.addClef('treble').setContext(context).draw();
        const staveNotes = notes.map((note, i) => {
          const { key, accidental } = vexflowKey(note);
          const staveNote = new vf.StaveNote({ keys: [key], duration: 'w', clef: 'treble' });
          if (accidental) staveNote.addModifier(new vf.Accidental(accidental), 0);
          if (i > 0) staveNote.setStyle({ fillStyle: '#999', strokeStyle: '#999' });
          return staveNote;
        });
        const voice = new vf.Voice({ numBeats: 4 * staveNotes.length, beatValue: 4 });
        voice.addTickables(staveNotes);
        new vf.Formatter().joinVoices([voice]).format([voice], width - 90);
        voice.draw(context, stave);
        element.querySelector('svg')?.setAttribute('aria-hidden', 'true');
      })
      .catch((error: unknown) => {
        console.error('staff: VexFlow failed', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
    // keyOf captures the notes' identity; the array itself is a new object on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyOf]);

  return (
    <figure className="staff" role="img" aria-label={props.label} data-testid="staff">
      <div ref={host} />
      {failed && <figcaption>{props.label}</figcaption>}
    </figure>
  );
}
