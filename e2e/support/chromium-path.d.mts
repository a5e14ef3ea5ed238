export declare const HEADLESS_SHELL: string;
export declare const FULL_CHROMIUM: string;
export declare function isExecutableFile(p: string): boolean;
export declare function chromiumPath(): string;
