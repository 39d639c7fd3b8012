/** Saves `data` as a JSON file named `fileName`, as the browser saves a download. */
export function saveJsonFile(fileName: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Freed once the click's download has taken the blob (some browsers read it after this task).
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
