// Word lists for the generated fixtures of sports without real data: plausible club, player and
// tournament names, never real trademarks.

export interface GenCountry {
  code: string;
  name: string;
  cities: string[];
}

export const GEN_COUNTRIES: GenCountry[] = [
  { code: "US", name: "USA", cities: ["Boston", "Denver", "Phoenix", "Seattle", "Austin", "Portland", "Atlanta", "Detroit", "Miami", "Chicago", "Dallas", "Houston", "Orlando", "Memphis", "Nashville", "Toledo"] },
  { code: "RU", name: "Russia", cities: ["Kazan", "Omsk", "Samara", "Perm", "Ufa", "Tula", "Sochi", "Tver", "Yaroslavl", "Kursk", "Tomsk", "Irkutsk", "Vologda", "Saratov", "Lipetsk", "Orel"] },
  { code: "BR", name: "Brazil", cities: ["Recife", "Curitiba", "Belém", "Natal", "Goiânia", "Manaus", "Santos", "Campinas", "Salvador", "Maceió", "Londrina", "Vitória", "Cuiabá", "Joinville", "Aracaju", "Fortaleza"] },
  { code: "PL", name: "Poland", cities: ["Gdańsk", "Łódź", "Lublin", "Radom", "Opole", "Kielce", "Rzeszów", "Toruń", "Olsztyn", "Płock", "Tarnów", "Zabrze", "Bytom", "Gdynia", "Sopot", "Elbląg"] },
  { code: "CZ", name: "Czechia", cities: ["Brno", "Ostrava", "Plzeň", "Liberec", "Olomouc", "Zlín", "Kladno", "Jihlava", "Opava", "Most", "Karviná", "Teplice", "Chomutov", "Třinec", "Písek", "Tábor"] },
  { code: "SE", name: "Sweden", cities: ["Malmö", "Uppsala", "Västerås", "Örebro", "Linköping", "Umeå", "Luleå", "Gävle", "Borås", "Växjö", "Kalmar", "Sundsvall", "Karlstad", "Jönköping", "Halmstad", "Lund"] },
  { code: "FI", name: "Finland", cities: ["Espoo", "Tampere", "Vantaa", "Oulu", "Turku", "Lahti", "Kuopio", "Pori", "Joensuu", "Vaasa", "Rauma", "Kotka", "Mikkeli", "Kajaani", "Hamina", "Salo"] },
  { code: "JP", name: "Japan", cities: ["Sendai", "Niigata", "Kobe", "Fukuoka", "Sapporo", "Nagoya", "Chiba", "Okayama", "Kumamoto", "Shizuoka", "Hiroshima", "Kanazawa", "Nagano", "Kochi", "Oita", "Akita"] },
  { code: "AU", name: "Australia", cities: ["Perth", "Adelaide", "Hobart", "Darwin", "Cairns", "Geelong", "Ballarat", "Bendigo", "Townsville", "Newcastle", "Wollongong", "Canberra", "Launceston", "Mackay", "Toowoomba", "Albury"] },
  { code: "DE", name: "Germany", cities: ["Kiel", "Lübeck", "Erfurt", "Kassel", "Ulm", "Trier", "Jena", "Gießen", "Hagen", "Siegen", "Göttingen", "Rostock", "Würzburg", "Bamberg", "Passau", "Coburg"] },
  { code: "IT", name: "Italy", cities: ["Modena", "Trento", "Perugia", "Verona", "Padova", "Ravenna", "Piacenza", "Latina", "Cuneo", "Monza", "Siena", "Treviso", "Brindisi", "Pesaro", "Varese", "Cantù"] },
  { code: "ES", name: "Spain", cities: ["Murcia", "Málaga", "Bilbao", "Granada", "Zaragoza", "Valladolid", "Girona", "Lleida", "Cáceres", "Burgos", "Huesca", "Almería", "Badajoz", "León", "Logroño", "Gijón"] },
  { code: "FR", name: "France", cities: ["Nantes", "Rennes", "Dijon", "Tours", "Metz", "Nancy", "Limoges", "Pau", "Brest", "Amiens", "Angers", "Caen", "Reims", "Orléans", "Poitiers", "Rouen"] },
  { code: "INT", name: "International", cities: ["Nova", "Titan", "Vertex", "Aurora", "Zenith", "Orbit", "Falcon", "Phoenix", "Polar", "Comet", "Summit", "Quasar", "Raven", "Vector", "Pulse", "Helix"] },
];

export const CLUB_SUFFIXES: Record<string, string[]> = {
  default: ["United", "City", "Athletic", "Rovers", "Sporting", "Dynamo", "Olympic", "Academy"],
  "ice-hockey": ["Hawks", "Bears", "Wolves", "Icemen", "Blades", "Storm", "Lynx", "Flyers"],
  basketball: ["Kings", "Rockets", "Bulls", "Giants", "Thunder", "Stars", "Jets", "Hornets"],
  "american-football": ["Chargers", "Rangers", "Marshals", "Titans", "Pioneers", "Raiders", "Mustangs", "Knights"],
  baseball: ["Pirates", "Sox", "Cardinals", "Mariners", "Senators", "Owls", "Foxes", "Mets"],
  cyber: ["Esports", "Gaming", "Five", "Squad", "Club", "Team", "Clan", "Force"],
};

export const FIRST_NAMES = ["Alex", "Daniel", "Marco", "Lukas", "Ivan", "Pablo", "Kenji", "Oscar", "Felix", "Milan", "Tomás", "Hugo", "Nikolai", "Leo", "Andrei", "Mateo", "Sofia", "Elena", "Anna", "Maria", "Laura", "Yuki", "Nina", "Clara", "Irina", "Lucia", "Emma", "Petra", "Olga", "Julia"];
export const LAST_NAMES = ["Novak", "Petrov", "García", "Rossi", "Müller", "Silva", "Kowalski", "Tanaka", "Larsen", "Dubois", "Horvat", "Ivanova", "Costa", "Berg", "Nowak", "Moreau", "Svoboda", "Fischer", "Romero", "Kovač", "Lindqvist", "Sato", "Marin", "Weber", "Popescu", "Jensen", "Varga", "Ortiz", "Keller", "Volkova"];

export const TOURNAMENT_WORDS = ["Open", "Masters", "Cup", "Classic", "Challenger", "Championship", "Trophy", "Series"];
export const ESPORTS_EVENTS = ["Pro League", "Masters", "Champions Series", "Open Qualifier", "Premier Cup", "Invitational", "Elite Series", "Major"];
