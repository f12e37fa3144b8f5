/** A small deterministic random source (mulberry32), so every seed produces the same university. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  /** A version-4-shaped UUID from this source. */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  return { next, int, pick, uuid };
}
export type RandomSource = ReturnType<typeof randomSource>;

export const FIRST_NAMES_FEMALE = [
  'Maria', 'Ana', 'Kristine', 'Angelica', 'Jasmine', 'Patricia', 'Camille', 'Nicole', 'Bea', 'Liza', 'Rowena',
  'Maricel', 'Joy', 'Cherry', 'Divina', 'Luzviminda', 'Rosario', 'Teresita', 'Analyn', 'Princess', 'Erlinda',
  'Mylene', 'Jocelyn', 'Grace', 'Hazel', 'Katherine', 'Rhea', 'Shiela', 'Trisha', 'Ysabel',
] as const;
export const FIRST_NAMES_MALE = [
  'Jose', 'Juan', 'Mark', 'John Paul', 'Christian', 'Angelo', 'Carlo', 'Paolo', 'Rommel', 'Ramon', 'Eduardo',
  'Ferdinand', 'Renato', 'Rodel', 'Jerome', 'Kenneth', 'Miguel', 'Rafael', 'Emmanuel', 'Noel', 'Arnel',
  'Danilo', 'Ernesto', 'Joshua', 'Aldrin', 'Bong', 'Dennis', 'Gilbert', 'Jayson', 'Vincent',
] as const;
export const SURNAMES = [
  'Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Tomas', 'Andrada',
  'Castillo', 'Flores', 'Villanueva', 'Ramos', 'Castro', 'Rivera', 'Aquino', 'Navarro', 'Salazar', 'Mercado',
  'Dela Cruz', 'De Leon', 'Del Rosario', 'Gonzales', 'Lopez', 'Pascual', 'Manalo', 'Soriano', 'Aguilar',
  'Dizon', 'Macaraeg', 'Panganiban', 'Samonte', 'Tolentino', 'Valdez', 'Lacson', 'Magbanua', 'Evangelista',
  'Sarmiento', 'Gutierrez', 'Mangubat', 'Batungbakal', 'Dimaculangan', 'Malabanan', 'Pangilinan', 'Quizon',
  'Sison', 'Umali', 'Yap', 'Zamora',
] as const;
export const PLACES = [
  'Quezon City', 'Manila', 'Caloocan', 'Pasig', 'Taguig', 'Antipolo, Rizal', 'Calamba, Laguna', 'Santa Cruz, Laguna',
  'Lucena, Quezon', 'Batangas City', 'Lipa, Batangas', 'San Pablo, Laguna', 'Cavite City', 'Dasmariñas, Cavite',
] as const;
