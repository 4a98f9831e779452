/** The assessor's reasons for a note's verdict, in words, as a row under the note's results row. */
export function ReasonsRow(props: { reasons: readonly string[]; colSpan: number }) {
  if (props.reasons.length === 0) return null;
  return (
    <tr className="reasons-row">
      <td colSpan={props.colSpan} data-testid="note-reasons">
        {props.reasons.join(' · ')}
      </td>
    </tr>
  );
}
