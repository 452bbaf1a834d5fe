import { describe, expect, it } from 'vitest';
import { bucketAddress } from './image-read';

describe("the old app's image bucket from --storage-url", () => {
  it('takes the storage root (as the operations guide wrote it) or the bucket itself, with or without a slash', () => {
    const bucket = 'https://abc.supabase.co/storage/v1/object/public/club-images';
    expect(bucketAddress('https://abc.supabase.co/storage/v1/object/public')).toBe(bucket);
    expect(bucketAddress('https://abc.supabase.co/storage/v1/object/public/')).toBe(bucket);
    expect(bucketAddress(bucket)).toBe(bucket);
    expect(bucketAddress(`${bucket}/`)).toBe(bucket);
  });
});
