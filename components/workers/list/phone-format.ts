"use client";

import { useEffect, useState } from "react";

/** E.164 as stored ("+14155550142") → readable ("+1 415 555 0142"); anything else as is. */
export type PhoneFormat = (phone: string) => string;

let loaded: PhoneFormat | null = null;
let loading: Promise<PhoneFormat> | null = null;

/**
 * libphonenumber-js and its metadata are the largest part of the list's code, and only rows
 * need them: they are fetched beside the first page of workers instead of with the page. If the
 * chunk cannot load, numbers are shown as stored rather than not at all.
 */
function loadPhoneFormat(): Promise<PhoneFormat> {
  loading ??= import("libphonenumber-js").then(
    ({ parsePhoneNumberFromString }) =>
      (phone: string) =>
        phone ? (parsePhoneNumberFromString(phone)?.formatInternational() ?? phone) : "",
    () => (phone: string) => phone,
  );
  return loading.then((format) => {
    loaded = format;
    return format;
  });
}

/** The formatter once it has loaded (null until then); starts loading on first use. */
export function usePhoneFormat(): PhoneFormat | null {
  const [format, setFormat] = useState<PhoneFormat | null>(() => loaded);
  useEffect(() => {
    if (format) return;
    let live = true;
    void loadPhoneFormat().then((f) => {
      if (live) setFormat(() => f);
    });
    return () => {
      live = false;
    };
  }, [format]);
  return format;
}
