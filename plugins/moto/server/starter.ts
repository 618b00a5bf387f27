import type { MotoType } from '../schemas';

/**
 * The starter catalogue an organisation gets when it installs the plugin (onInstall): makes and
 * models common in Poland, with engine capacity (cm³), production years (to null: still made)
 * and type. The organisation may edit, delete or import over them afterwards.
 */
export type StarterModel = readonly [
  name: string,
  capacity: number,
  yearFrom: number,
  yearTo: number | null,
  type: MotoType,
];

export const STARTER_CATALOGUE: readonly (readonly [make: string, models: readonly StarterModel[]])[] = [
  [
    'Honda',
    [
      ['CBR 125R', 125, 2004, 2017, 'Sport'],
      ['CBR 600RR', 599, 2003, 2016, 'Sport'],
      ['CBR 1000RR Fireblade', 999, 2004, null, 'Sport'],
      ['CB 500F', 471, 2013, null, 'Naked'],
      ['CB 650R', 649, 2019, null, 'Naked'],
      ['Hornet 600', 599, 1998, 2013, 'Naked'],
      ['NC 750X', 745, 2014, null, 'Turystyczny'],
      ['Africa Twin CRF 1100L', 1084, 2020, null, 'Enduro'],
      ['Transalp XL 700V', 680, 2008, 2012, 'Enduro'],
      ['CRF 450R', 449, 2002, null, 'Cross'],
      ['PCX 125', 125, 2010, null, 'Skuter'],
      ['SH 125i', 125, 2001, null, 'Skuter'],
      ['Shadow VT 750', 745, 1997, 2015, 'Chopper'],
      ['Gold Wing GL 1800', 1833, 2001, null, 'Turystyczny'],
    ],
  ],
  [
    'Yamaha',
    [
      ['YZF-R125', 125, 2008, null, 'Sport'],
      ['YZF-R6', 599, 1999, 2020, 'Sport'],
      ['YZF-R1', 998, 1998, null, 'Sport'],
      ['MT-07', 689, 2014, null, 'Naked'],
      ['MT-09', 847, 2013, null, 'Naked'],
      ['FZ6 Fazer', 600, 2004, 2010, 'Naked'],
      ['Tracer 9', 890, 2021, null, 'Turystyczny'],
      ['Ténéré 700', 689, 2019, null, 'Enduro'],
      ['XT 660R', 660, 2004, 2016, 'Enduro'],
      ['YZ 250F', 250, 2001, null, 'Cross'],
      ['NMAX 125', 125, 2015, null, 'Skuter'],
      ['XMAX 300', 292, 2017, null, 'Skuter'],
      ['Drag Star XVS 650', 649, 1997, 2016, 'Chopper'],
      ['Grizzly 700', 686, 2007, null, 'Quad'],
    ],
  ],
  [
    'Suzuki',
    [
      ['GSX-R 600', 599, 1997, 2017, 'Sport'],
      ['GSX-R 1000', 999, 2001, null, 'Sport'],
      ['SV 650', 645, 1999, null, 'Naked'],
      ['GSR 750', 749, 2011, 2016, 'Naked'],
      ['Bandit GSF 650', 656, 2005, 2016, 'Naked'],
      ['V-Strom DL 650', 645, 2004, null, 'Turystyczny'],
      ['DR-Z 400', 398, 2000, null, 'Enduro'],
      ['RM-Z 450', 449, 2005, null, 'Cross'],
      ['Burgman 400', 400, 1998, null, 'Skuter'],
      ['Intruder VL 800', 805, 2001, 2019, 'Chopper'],
      ['KingQuad 750', 722, 2008, null, 'Quad'],
    ],
  ],
  [
    'Kawasaki',
    [
      ['Ninja 400', 399, 2018, null, 'Sport'],
      ['ZX-6R', 636, 1995, null, 'Sport'],
      ['ZX-10R', 998, 2004, null, 'Sport'],
      ['Z650', 649, 2017, null, 'Naked'],
      ['Z900', 948, 2017, null, 'Naked'],
      ['ER-6n', 649, 2006, 2016, 'Naked'],
      ['Versys 650', 649, 2007, null, 'Turystyczny'],
      ['KLR 650', 652, 1987, null, 'Enduro'],
      ['KX 450', 449, 2006, null, 'Cross'],
      ['Vulcan S', 649, 2015, null, 'Chopper'],
    ],
  ],
  [
    'BMW',
    [
      ['S 1000 RR', 999, 2009, null, 'Sport'],
      ['F 800 R', 798, 2009, 2019, 'Naked'],
      ['R 1250 R', 1254, 2019, null, 'Naked'],
      ['R 1200 GS', 1170, 2004, 2018, 'Enduro'],
      ['R 1250 GS', 1254, 2019, null, 'Enduro'],
      ['F 800 GS', 798, 2008, 2018, 'Enduro'],
      ['G 310 R', 313, 2016, null, 'Naked'],
      ['R 1250 RT', 1254, 2019, null, 'Turystyczny'],
      ['C 400 X', 350, 2018, null, 'Skuter'],
    ],
  ],
  [
    'KTM',
    [
      ['RC 390', 373, 2014, null, 'Sport'],
      ['125 Duke', 125, 2011, null, 'Naked'],
      ['390 Duke', 373, 2013, null, 'Naked'],
      ['790 Duke', 799, 2018, 2023, 'Naked'],
      ['1290 Super Duke R', 1301, 2014, null, 'Naked'],
      ['890 Adventure', 889, 2021, null, 'Enduro'],
      ['EXC 300', 293, 1998, null, 'Enduro'],
      ['SX-F 450', 449, 2007, null, 'Cross'],
      ['SX 85', 85, 2003, null, 'Cross'],
    ],
  ],
  [
    'Ducati',
    [
      ['Panigale V4', 1103, 2018, null, 'Sport'],
      ['Monster 821', 821, 2014, 2020, 'Naked'],
      ['Monster 696', 696, 2008, 2014, 'Naked'],
      ['Multistrada 1200', 1198, 2010, 2020, 'Turystyczny'],
      ['Scrambler Icon', 803, 2015, null, 'Naked'],
      ['DesertX', 937, 2022, null, 'Enduro'],
    ],
  ],
  [
    'Triumph',
    [
      ['Daytona 675', 675, 2006, 2017, 'Sport'],
      ['Street Triple 765', 765, 2017, null, 'Naked'],
      ['Speed Triple 1200', 1160, 2021, null, 'Naked'],
      ['Tiger 900', 888, 2020, null, 'Enduro'],
      ['Bonneville T120', 1200, 2016, null, 'Naked'],
      ['Rocket 3', 2458, 2019, null, 'Chopper'],
    ],
  ],
  [
    'Harley-Davidson',
    [
      ['Sportster 883 Iron', 883, 2009, 2022, 'Chopper'],
      ['Fat Boy', 1746, 1990, null, 'Chopper'],
      ['Street Glide', 1746, 2006, null, 'Turystyczny'],
      ['Street Bob', 1746, 2006, null, 'Chopper'],
      ['Pan America 1250', 1252, 2021, null, 'Enduro'],
    ],
  ],
  [
    'Romet',
    [
      ['ZK 125 FX', 125, 2012, null, 'Naked'],
      ['Z-One 125', 125, 2013, 2018, 'Naked'],
      ['ADV 250', 250, 2017, null, 'Enduro'],
      ['Pony 50', 49, 2009, null, 'Skuter'],
      ['Soft 125', 125, 2010, 2016, 'Chopper'],
    ],
  ],
  [
    'Junak',
    [
      ['RS 125', 125, 2015, null, 'Sport'],
      ['M12 Vintage', 125, 2014, null, 'Naked'],
      ['121 Scrambler', 125, 2019, null, 'Naked'],
      ['903', 320, 2020, null, 'Naked'],
      ['RX One 125', 125, 2021, null, 'Cross'],
      ['Hero 125', 125, 2014, null, 'Chopper'],
    ],
  ],
  [
    'Zipp',
    [
      ['Pro XT 125', 125, 2014, null, 'Enduro'],
      ['Toronto 50', 49, 2015, null, 'Skuter'],
      ['Simpli 50', 49, 2016, null, 'Skuter'],
      ['VZ-3 125', 125, 2012, 2020, 'Chopper'],
      ['Quadrix 150', 150, 2013, 2019, 'Quad'],
    ],
  ],
  [
    'Aprilia',
    [
      ['RS 125', 124, 1992, null, 'Sport'],
      ['RSV4', 1099, 2009, null, 'Sport'],
      ['Tuono V4', 1077, 2011, null, 'Naked'],
      ['Shiver 750', 749, 2007, 2016, 'Naked'],
      ['Tuareg 660', 659, 2022, null, 'Enduro'],
      ['SR GT 125', 125, 2022, null, 'Skuter'],
    ],
  ],
  [
    'Piaggio/Vespa',
    [
      ['Vespa Primavera 125', 125, 2013, null, 'Skuter'],
      ['Vespa GTS 300', 278, 2008, null, 'Skuter'],
      ['Piaggio Liberty 125', 125, 1997, null, 'Skuter'],
      ['Piaggio Beverly 300', 278, 2010, null, 'Skuter'],
      ['Piaggio MP3 500', 493, 2011, null, 'Skuter'],
      ['Piaggio Zip 50', 49, 2000, null, 'Skuter'],
    ],
  ],
  [
    'Husqvarna',
    [
      ['Svartpilen 401', 373, 2018, null, 'Naked'],
      ['Vitpilen 701', 693, 2018, 2022, 'Naked'],
      ['701 Enduro', 693, 2016, null, 'Enduro'],
      ['TE 300', 293, 2014, null, 'Enduro'],
      ['FC 450', 449, 2014, null, 'Cross'],
    ],
  ],
  [
    'Benelli',
    [
      ['TRK 502', 500, 2017, null, 'Turystyczny'],
      ['Leoncino 500', 500, 2017, null, 'Naked'],
    ],
  ],
  [
    'CFMoto',
    [
      ['800MT', 799, 2021, null, 'Turystyczny'],
      ['CForce 520', 495, 2016, null, 'Quad'],
    ],
  ],
];
