/**
 * A white page to draw a report on (the teacher's report, a piece's report) and its PNG: readable
 * printed or on a phone whatever the app's theme.
 */
export function whitePage(
  widthPx: number,
  heightPx: number,
  ink: string,
): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = widthPx;
  canvas.height = heightPx;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser cannot draw the report');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, widthPx, heightPx);
  context.fillStyle = ink;
  return { canvas, context };
}

export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  );
}
