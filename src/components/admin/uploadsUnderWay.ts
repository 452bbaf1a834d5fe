// Uploads under way in this tab. A form's save waits for them: pressed while a photo still uploaded, it
// stored the row without the photo, and the photo's address then landed in the next, emptied form.
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';

const $uploadsUnderWay = atom(0);

/** Counts the upload as under way until it has ended and its address is in the form. */
export async function whileUploading<T>(upload: () => Promise<T>): Promise<T> {
  $uploadsUnderWay.set($uploadsUnderWay.get() + 1);
  try {
    return await upload();
  } finally {
    $uploadsUnderWay.set($uploadsUnderWay.get() - 1);
  }
}

/** Whether an image is being uploaded: the save buttons wait, saying so. */
export const useUploadUnderWay = (): boolean => useStore($uploadsUnderWay) > 0;
