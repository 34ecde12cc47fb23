/**
 * A short, stable summary of a User-Agent header for the sessions list
 * (issue 17 §4): "Firefox on Linux", "Safari on iPhone". Never the whole
 * header (it fingerprints), at most 60 characters.
 */
export const summariseUserAgent = (header: string | undefined): string => {
  const ua = (header ?? '').slice(0, 512);
  if (!ua.trim()) return '';
  const browser = /Edg(?:e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl\//i.test(ua)
              ? 'curl'
              : '';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Mac OS X|Macintosh/.test(ua)
              ? 'macOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : '';
  if (browser && system) return `${browser} / ${system}`;
  return (browser || system || ua.replace(/[^\x20-\x7e]/g, '').split(/[\s/]/)[0] || '').slice(0, 60);
};
