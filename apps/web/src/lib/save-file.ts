/**
 * Hands bytes to the browser's download manager under a file name (an object URL on a clicked
 * anchor: the download attribute names the file, whatever the answer's URL).
 */
export function saveFile(data: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  // The click has handed the URL to the download manager; release it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
