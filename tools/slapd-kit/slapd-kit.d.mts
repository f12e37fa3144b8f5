// Types of slapd-kit.mjs (plain JavaScript, shared by the API tests and the console's end-to-end tests).

export declare const BASE_DN: string;
export declare const ADMIN_DN: string;
export declare const PEOPLE_DN: string;
export declare const SERVICE_DN: string;
export declare const SERVICE_PASSWORD: string;

export interface DirectoryPerson {
  uid: string;
  givenName: string;
  sn: string;
  mail: string;
  employeeType?: string;
  password: string;
}

export interface Slapd {
  readonly url: string;
  readonly port: number;
  add(person: DirectoryPerson): void;
  modify(uid: string, attribute: string, value: string): void;
  remove(uid: string): void;
  stop(): Promise<void>;
}

export declare function personLdif(person: DirectoryPerson): string;
export declare function startSlapd(people?: DirectoryPerson[]): Promise<Slapd>;
