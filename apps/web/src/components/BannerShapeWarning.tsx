import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { cropToBanner, fitsBanner, imageSize, isBannerRatio, type Size } from './banner-image';

/**
 * After a banner upload: the size of an image that is not 1000×250 (4:1), kept with the file so that it can be
 * cropped to 4:1 and uploaded again. Off (never says anything) for images that are not banners.
 */
export function useBannerShape(enabled: boolean) {
  const [size, setSize] = useState<Size | null>(null);
  const last = useRef<File | null>(null);
  return {
    size,
    uploaded: async (file: File) => {
      if (!enabled) return;
      const measured = await imageSize(file);
      last.current = file;
      setSize(measured && !fitsBanner(measured) ? measured : null);
    },
    clear: () => {
      last.current = null;
      setSize(null);
    },
    /** Crops the last upload and sends it through `upload` (the field's own checks and upload). */
    crop: async (upload: (file: File) => Promise<void>) => {
      const cropped = last.current && (await cropToBanner(last.current));
      if (cropped) await upload(cropped);
    },
  };
}

/** The warning beside a banner of another shape or smaller than recommended, with a 4:1 crop when the shape is off. */
export function BannerShapeWarning({ size, busy, onCrop }: { size: Size; busy: boolean; onCrop: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      data-testid="banner-shape"
      sx={{ mt: 1.5 }}
      action={
        isBannerRatio(size) ? undefined : (
          <Button color="inherit" size="small" onClick={onCrop} disabled={busy}>
            {t('imageUpload.crop')}
          </Button>
        )
      }
    >
      {t(isBannerRatio(size) ? 'imageUpload.bannerSmall' : 'imageUpload.bannerShape', { width: size.width, height: size.height })}
    </Alert>
  );
}
