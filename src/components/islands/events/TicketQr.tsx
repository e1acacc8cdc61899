// A ticket's QR, the code the door scans (docs/events.md "Check-in at the door"): drawn as SVG in
// the browser, so it stays sharp on a phone and printed; the qrcode library loads only here.
import { useEffect, useState } from 'react';

export function TicketQr({ code, label }: { code: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QRCode) =>
      QRCode.toString(code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((s) => {
        if (live) setSvg(s);
      }),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <figure className="ev-qr">
      {svg ? (
        <span role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />
      ) : (
        <span className="ev-qr-wait" />
      )}
      <figcaption>{code}</figcaption>
    </figure>
  );
}
