/** The characters a code block of the docs site shows without scrolling at 1280 px (see the script). */
export declare const CODE_COLUMNS: number
