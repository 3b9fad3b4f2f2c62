import sharp from 'sharp';

/** A real JPEG made in the test, optionally carrying EXIF (with GPS) and an orientation. */
export async function makeJpeg(options: { width?: number; height?: number; exif?: boolean } = {}): Promise<Buffer> {
  const image = sharp({
    create: { width: options.width ?? 64, height: options.height ?? 48, channels: 3, background: { r: 180, g: 120, b: 60 } },
  }).jpeg();
  if (options.exif) {
    image
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'RV-1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .withMetadata({ orientation: 6 });
  }
  return image.toBuffer();
}
