/**
 * Passwords seen most often in public breach corpora, plus obvious local variants (university, campus and
 * Filipino words). Length alone already rejects short ones; the long entries are what this list is for, but the
 * classics are kept so the list also documents what "common" means. Compared case-insensitively.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  // the classics
  '123456', '123456789', '12345678', '12345', '1234567', '1234567890', '111111', '000000', '123123', 'abc123',
  'password', 'password1', 'password123', 'qwerty', 'qwerty123', 'qwertyuiop', 'iloveyou', 'admin', 'admin123',
  'welcome', 'welcome1', 'letmein', 'monkey', 'dragon', 'football', 'baseball', 'sunshine', 'princess', 'shadow',
  'master', 'superman', 'batman', 'trustno1', 'starwars', 'whatever', 'freedom', 'michael', 'jennifer', 'charlie',
  'jordan23', 'hello123', 'login', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'zaq12wsx', '1q2w3e4r', '1qaz2wsx',
  'asdfghjkl', 'zxcvbnm', '654321', '666666', '121212', '7777777', '987654321', 'changeme', 'secret', 'default',
  'root', 'toor', 'test', 'test123', 'guest', 'student', 'teacher', 'school', 'campus', 'university', 'manila',
  'pilipinas', 'mahalkita', 'iloveyou2', 'lovely', 'loveme', 'babygirl', 'pogiako', 'gandako', 'tangina',
  // twelve characters and longer
  'password1234', 'password12345', 'password123456', 'password2020', 'password2021', 'password2022',
  'password2023', 'password2024', 'password2025', 'password2026', 'password!123', 'password@123', 'password#123',
  'passwordpassword', 'password1password1', 'mypassword123', 'mypassword1234', 'newpassword123',
  'changeme1234', 'changemenow!', 'changeme2024', 'changeme2025', 'changeme2026', 'p@ssw0rd1234', 'p@ssw0rd2024',
  'p@ssw0rd2025', 'p@ssw0rd2026', 'p@ssword1234', 'passw0rd1234', 'pa$$w0rd1234', 'pa55w0rd1234',
  'passwordqwerty', 'qwertypassword',
  '123456789012', '1234567890123', '12345678901234', '123456789123', '123456123456', '123123123123',
  '111111111111', '000000000000', '999999999999', '121212121212', '112233445566', '098765432109',
  '987654321098', '147258369147', '1q2w3e4r5t6y', '1qaz2wsx3edc', '1qaz2wsx3edc4rfv', 'zaq12wsxcde3',
  'zaq1zaq1zaq1', 'qazwsxedcrfv', 'q1w2e3r4t5y6', 'a1b2c3d4e5f6', 'abc123abc123', 'abcdefghijkl',
  'abcdefgh1234', 'abcd1234abcd', 'abcd12345678', 'aaaaaaaaaaaa', 'asdfasdfasdf', 'asdfghjkl123',
  'asdfghjkl;\'', 'qwertyuiop12', 'qwertyuiop123', 'qwertyuiopasdf', 'qwertyuiopas', 'qwerty123456',
  'qwerty1234567', 'qwertyqwerty', 'qwerty12345!', 'qweasdzxc123', 'qweasdzxcqwe', 'zxcvbnm12345',
  'zxcvbnm123456', 'zxcvbnmasdfg', '1234qwerasdf', '1234qwerasdfzxcv', 'qwer1234qwer', 'asdf1234asdf',
  'iloveyou1234', 'iloveyou12345', 'iloveyouiloveyou', 'iloveyoutoo1', 'iloveyousomuch', 'iloveyoubaby',
  'iloveyoumom1', 'iloveyoumama', 'iloveyoupapa', 'iloveyouforever', 'iloveyou2024', 'iloveyou2025',
  'ilovemyself1', 'ilovemymom12', 'ilovemyfamily', 'ilovegod1234', 'ilovejesus12', 'jesuschrist1',
  'jesuslovesme', 'godisgood123', 'godbless1234', 'godblessyou1', 'blessed12345',
  'welcome12345', 'welcome123456', 'welcome2024!', 'welcome2025!', 'welcome2026!', 'welcometomyworld',
  'welcome@1234', 'welcome!1234', 'letmein12345', 'letmein123456', 'letmeinnow12',
  'administrator', 'administrator1', 'administrator123', 'admin1234567', 'admin12345678', 'admin@123456',
  'adminadmin12', 'adminpassword', 'superadmin123', 'sysadmin1234', 'rootpassword', 'root12345678',
  'masterpassword', 'master123456', 'supersecret1', 'supersecret123', 'topsecret123', 'secretpassword',
  'mysecret1234', 'trustno1trustno1', 'nopassword12', 'nopassword123', 'defaultpassword', 'default12345',
  'football1234', 'football12345', 'baseball1234', 'basketball12', 'basketball123', 'basketball1234',
  'volleyball12', 'soccer123456', 'superman1234', 'batman123456', 'spiderman123', 'starwars1234',
  'pokemon12345', 'minecraft123', 'minecraft1234', 'fortnite1234', 'michael12345', 'princess1234',
  'sunshine1234', 'dragon123456', 'monkey123456', 'shadow123456', 'whatever1234', 'computer1234',
  'internet1234', 'samsung12345', 'blink1821821', 'chocolate123', 'butterfly123', 'strawberry12',
  'rainbow12345', 'cookie123456', 'pepper123456', 'summer123456', 'summer2024!!', 'winter123456',
  'spring123456', 'autumn123456', 'monday123456', 'friday123456', 'january12345', 'december1234',
  'thequickbrownfox', 'correcthorsebatterystaple', 'letmeinplease', 'pleaseletmein', 'opensesame123',
  'helloworld12', 'helloworld123', 'helloworld1234', 'hellohello12', 'hello1234567', 'goodmorning1',
  'happybirthday', 'happybirthday1', 'happiness123', 'beautiful123', 'lovelove1234', 'loveyou12345',
  'mahalkitaforever', 'mahalkita123', 'mahalkita1234', 'mahalkoikaw1', 'iloveyoupo12', 'pilipinas123',
  'pilipinas1234', 'philippines1', 'philippines123', 'philippines2024', 'mabuhay12345', 'manila123456',
  'cebucity1234', 'davaocity123', 'mindanao1234', 'mindanao123456', 'marawicity12', 'iligancity12',
  'student12345', 'student123456', 'student2024!', 'student2025!', 'student2026!', 'studentpassword',
  'teacher12345', 'teacher123456', 'faculty12345', 'faculty123456', 'employee1234', 'employee12345',
  'university123', 'university1234', 'university2024', 'university2025', 'university2026',
  'campus123456', 'campus1234567', 'campus2024!!', 'campus2025!!', 'campus2026!!', 'campusadmin1',
  'campusadmin123', 'campus@admin1', 'stateuniversity', 'stateuniversity1', 'msucampus123', 'msu123456789',
  'registrar123', 'registrar1234', 'enrollment123', 'enrollment1234', 'schoolyear2024', 'schoolyear2025',
  'schoolyear2026', 'semester12345', 'firstsemester', 'secondsemester', 'graduation2024', 'graduation2025',
  'graduation2026', 'classof2024!!', 'classof2025!!', 'classof2026!!',
  'qwertyuiopasdfghjkl', 'qwertyuiopasdfghjklzxcvbnm', 'abcdefghijklmnopqrstuvwxyz', 'abcdefghijklmnop',
  '1234567890qwerty', 'qwerty1234567890', '12345678910', '123456789101112', '1234567891011',
  '0123456789012', '01234567890123', '11223344556677', '1122334455667788', '12121212121212',
  '123456654321', '123321123321', '147852369874', '159753159753', '159357159357', '741852963741',
  '258456258456', '963852741963', 'aaaaaaaaaaaaa', 'zzzzzzzzzzzz', 'xxxxxxxxxxxx', '!@#$%^&*()_+',
  '!qaz@wsx#edc', '1qaz!qaz1qaz', 'qazwsx123456', 'qazwsxedc123', 'qazxswedcvfr', 'zxcasdqwe123',
  'changemeplease', 'temporary1234', 'temppassword1', 'temppassword123', 'temporarypassword', 'tempass12345',
  'newuser12345', 'newaccount123', 'useruser1234', 'username1234', 'username12345', 'myusername123',
];

const COMMON = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

/** Whether a password is on the common-password list, ignoring case. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
