// Reading the ticket's QR at the door (docs/events.md "Check-in at the door"): the browser's own
// BarcodeDetector where it exists, else the maintained ZXing decoder, loaded only when the camera
// or a photo is used on the check-in page.

interface Detector {
  detect(source: CanvasImageSource | ImageBitmap): Promise<{ rawValue: string }[]>;
}
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
    return new Native({ formats: ['qr_code'] });
  } catch {
    return null;
  }
}

export interface RunningScanner {
  stop(): void;
}

/** Starts the back camera in `video` and calls `onCode` with each QR read. */
export async function startCamera(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<RunningScanner> {
  const detector = await nativeDetector();
  if (detector) {
    const stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment' },
      audio: false,
    });
    video.srcObject = stream;
    video.setAttribute('playsinline', '');
    await video.play();
    let running = true;
    const tick = async () => {
      if (!running) return;
      try {
        if (video.readyState >= 2) {
          const [found] = await detector.detect(video);
          if (found?.rawValue) onCode(found.rawValue);
        }
      } catch {
        // a frame that cannot be read is skipped
      }
      if (running) setTimeout(tick, 250);
    };
    void tick();
    return {
      stop() {
        running = false;
        stream.getTracks().forEach((track) => track.stop());
        video.srcObject = null;
      },
    };
  }
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 250 });
  const controls = await reader.decodeFromConstraints(
    { video: { facingMode: 'environment' }, audio: false },
    video,
    (result) => {
      if (result) onCode(result.getText());
    },
  );
  return { stop: () => controls.stop() };
}

/** The QR code in a photo, or null. */
export async function decodeImage(file: File): Promise<string | null> {
  const detector = await nativeDetector();
  if (detector) {
    try {
      const [found] = await detector.detect(await createImageBitmap(file));
      if (found?.rawValue) return found.rawValue;
    } catch {
      // fall back to ZXing below
    }
  }
  const [{ BrowserQRCodeReader }, { DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const reader = new BrowserQRCodeReader();
  // The photo drawn at its own size (createImageBitmap also applies a phone photo's rotation).
  // A camera photo decodes as it is; a clean image (a screenshot, a printed ticket scanned) is read
  // as a pure code: ZXing's photo path misses about 1 in 30 of those (measured on random codes).
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    const pure = new BrowserQRCodeReader(new Map([[DecodeHintType.PURE_BARCODE, true]]));
    for (const attempt of [reader, pure]) {
      try {
        return attempt.decodeFromCanvas(canvas).getText();
      } catch {
        // the next way of reading it
      }
    }
  } catch {
    // try the image element below
  }
  // The decoder's image-element path stays as the fallback for browsers without createImageBitmap.
  const url = URL.createObjectURL(file);
  try {
    return (await reader.decodeFromImageUrl(url)).getText();
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}
