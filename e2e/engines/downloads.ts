import type { EnginePage } from './engine-page';

/**
 * Files the app saves, kept in the page instead of downloaded: the app saves a file as a download
 * link's click on its blob's URL, and no download UI is reachable over WebDriver. What a player
 * would find in their downloads folder, read back as `File`s (`globalThis.__saved`).
 */
export function keepDownloads(page: EnginePage): Promise<void> {
  return page.evaluate(() => {
    const marks = globalThis as unknown as { __saved?: File[] };
    if (marks.__saved) return;
    const blobs = new Map<string, Blob>();
    const saved: File[] = [];
    marks.__saved = saved;
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = createObjectURL(object);
      if (object instanceof Blob) blobs.set(url, object);
      return url;
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (this.download && blob) saved.push(new File([blob], this.download, { type: blob.type }));
    };
  });
}

/** Names of the files kept so far, in the order they were saved. */
export function savedNames(page: EnginePage): Promise<string[]> {
  return page.evaluate(() =>
    ((globalThis as unknown as { __saved?: File[] }).__saved ?? []).map((f) => f.name),
  );
}

/** The text of the kept file `name` (null when none was saved under it). */
export function savedText(page: EnginePage, name: string): Promise<string | null> {
  return page.evaluate(async (wanted: string) => {
    const file = ((globalThis as unknown as { __saved?: File[] }).__saved ?? []).find(
      (f) => f.name === wanted,
    );
    return file ? file.text() : null;
  }, name);
}

/**
 * Hands the kept file `name` to the first `<input type=file>` matching `selector` as a file
 * chooser would (a `DataTransfer`, then `change`); false when there is no such input or file.
 */
export function chooseSavedFile(page: EnginePage, selector: string, name: string) {
  return page.evaluate(
    (inputSelector: string, wanted: string) => {
      const input = Array.from(document.querySelectorAll<HTMLInputElement>(inputSelector)).find(
        (e) => !e.closest('.ion-page-hidden, .overlay-hidden'),
      );
      const file = ((globalThis as unknown as { __saved?: File[] }).__saved ?? []).find(
        (f) => f.name === wanted,
      );
      if (!input || !file) return false;
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    },
    selector,
    name,
  );
}
