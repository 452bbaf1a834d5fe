import type { ImgHTMLAttributes } from 'react';
import type { MediaItem } from '../../lib/schemas/media';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { item: Pick<MediaItem, 'url' | 'thumb'> };

/**
 * An image of the library, small: its 480 px WebP copy for a browser that reads WebP, the image itself
 * for any other (an admin on an old iPhone, Safari before 14, saw an empty box: decision 033). The
 * <picture> takes no box of its own, so the <img> sits in the layout as it did alone.
 */
export function MediaThumb({ item, ...image }: Props) {
  if (item.thumb === item.url) return <img src={item.url} {...image} />;
  return (
    <picture style={{ display: 'contents' }}>
      <source type="image/webp" srcSet={item.thumb} />
      <img src={item.url} {...image} />
    </picture>
  );
}
