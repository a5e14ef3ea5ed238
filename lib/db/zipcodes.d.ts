// The `zipcodes` package ships no types; lib/db/zip-codes.ts reads only its data file.
declare module "zipcodes/lib/codes.js" {
  export const codes: Record<
    string,
    {
      zip: string;
      latitude: number;
      longitude: number;
      city: string;
      state: string;
      country: string;
    }
  >;
}
