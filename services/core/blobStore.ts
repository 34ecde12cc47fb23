/**
 * The blob store port: attachment bytes by key. Adapters: a folder under the
 * data directory (embedded) and MongoDB GridFS (scale).
 */
export interface BlobStore {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Every key, for export. */
  list(): AsyncIterable<string>;
  close(): Promise<void>;
}
