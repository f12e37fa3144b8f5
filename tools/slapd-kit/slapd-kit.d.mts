// Types of slapd-kit.mjs (plain JavaScript, shared by the API tests and the console's end-to-end tests).

export declare const BASE_DN: string;
export declare const ADMIN_DN: string;
export declare const PEOPLE_DN: string;
export declare const SERVICE_DN: string;
export declare const SERVICE_PASSWORD: string;
export declare const GROUPS_DN: string;
export declare function groupDn(cn: string): string;
export declare function personDn(uid: string): string;

export interface DirectoryGroup {
  cn: string;
  /** The members' uids. */
  members: string[];
}

export interface SlapdOptions {
  /** A throwaway CA and server certificate (for 127.0.0.1), LDAPS beside ldap://, and StartTLS on ldap://. */
  tls?: boolean;
  groups?: DirectoryGroup[];
}

export interface Certificates {
  caFile: string;
  certFile: string;
  keyFile: string;
  ca: string;
  otherCa: string;
}

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
  /** ldaps://127.0.0.1:<port> with `tls`, else null. */
  readonly ldapsUrl: string | null;
  /** The CA that signed the server's certificate (PEM), and an unrelated one, with `tls`. */
  readonly caCertificate: string | null;
  readonly otherCaCertificate: string | null;
  addGroup(group: DirectoryGroup): void;
  addMember(cn: string, uid: string): void;
  removeMember(cn: string, uid: string): void;
  add(person: DirectoryPerson): void;
  modify(uid: string, attribute: string, value: string): void;
  remove(uid: string): void;
  stop(): Promise<void>;
}

export declare function personLdif(person: DirectoryPerson): string;
export declare function groupLdif(group: DirectoryGroup): string;
export declare function makeCertificates(dir: string): Certificates;
export declare function startSlapd(people?: DirectoryPerson[], options?: SlapdOptions): Promise<Slapd>;
