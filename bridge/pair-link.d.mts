/** The pair link: `<app>#bridge=<base64url(JSON {"v":1,"url","token"})>`. */
export declare function pairUrl(app: string, url: string, token: string): string;
