/**
 * The files a person picked, per question, as the host stores them (`options.files`): kept by
 * the view, not by the controls, so a form drawn again keeps them.
 */
export interface Upload {
  name: string;
  state: "storing" | "stored" | "failed";
  uri?: string;
}

/** Stores a picked file and returns the URI its answer carries. */
export type FileStore = (file: File) => Promise<string> | string;

export interface Uploads {
  /** False when the host gave no file store: nothing can be picked from the machine. */
  readonly canStore: boolean;
  /** A new pick for the question replaces its files; each is stored once. */
  pick(fieldId: string, files: File[]): void;
  of(fieldId: string): readonly Upload[];
  /** The URIs of the question's stored files, in the order they were picked. */
  uris(fieldId: string): string[];
  /** Calls `show` whenever the question's files change (the latest watcher only). */
  watch(fieldId: string, show: () => void): void;
  /** Settles when every file picked so far is stored or has failed. */
  settled(): Promise<void>;
  storing(): boolean;
  forget(fieldId: string): void;
}

export function createUploads(store: FileStore | undefined): Uploads {
  const picked = new Map<string, Upload[]>();
  const watchers = new Map<string, () => void>();
  const pending = new Set<Promise<unknown>>();
  return {
    canStore: store !== undefined,
    pick(fieldId, files) {
      if (store === undefined) return;
      const list: Upload[] = files.map((file) => ({ name: file.webkitRelativePath || file.name, state: "storing" }));
      picked.set(fieldId, list);
      files.forEach((file, i) => {
        const upload = list[i] as Upload;
        const done = Promise.resolve()
          .then(() => store(file))
          .then(
            (uri) => Object.assign(upload, { state: "stored", uri }),
            () => Object.assign(upload, { state: "failed" }),
          )
          .finally(() => {
            pending.delete(done);
            watchers.get(fieldId)?.();
          });
        pending.add(done);
      });
      watchers.get(fieldId)?.();
    },
    of: (fieldId) => picked.get(fieldId) ?? [],
    uris: (fieldId) =>
      (picked.get(fieldId) ?? []).flatMap((upload) =>
        upload.state === "stored" && upload.uri !== undefined ? [upload.uri] : [],
      ),
    watch: (fieldId, show) => void watchers.set(fieldId, show),
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    storing: () => pending.size > 0,
    forget(fieldId) {
      picked.delete(fieldId);
      watchers.delete(fieldId);
    },
  };
}
