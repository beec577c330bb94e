"""Original text fragments used by ``gen_harp_content.py`` to write HARP content descriptions.

Everything here was written for estoc. A critical description is composed as::

    <strike on a body location> : <one or two consequences>.      (French)
    <strike on a body location>; <one or two consequences>.       (English)

* ``LOCATIONS``: body locations with the French forms a template needs (``{le}`` « le bras », ``{au}``
  « au bras », ``{du}`` « du bras ») and the English ``{the}``; the zone drives some effects (an arm may
  drop its weapon, a leg may fall, a head is stunned sooner, a vital spot may kill).
* ``STRIKES[table]``: five tiers of strike phrases (light → dreadful), a few variants each, plus ``fatal``
  phrases.
* ``CLAUSES``: the consequence phrases, keyed by effect; ``CLAUSE_OVERRIDES[table]`` flavours them per
  table. A ``|`` separates the subject « la cible » / "the target" from the rest, so that two consequences
  about the target share it (« la cible chancelle, étourdie, et tombe »).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Zone = Literal["leg", "arm", "torso", "head", "vital", "inner"]
Pair = tuple[str, str]
"""A (French, English) pair."""


@dataclass(frozen=True)
class Location:
    """A place a critical lands: French forms with article, English form, and its zone."""

    le: str
    au: str
    du: str
    the: str
    zone: Zone


def _loc(le: str, the: str, zone: Zone) -> Location:
    """French contracted forms from the form with article (le, la, l', les)."""
    if le.startswith("le "):
        au, du = "au " + le[3:], "du " + le[3:]
    elif le.startswith("les "):
        au, du = "aux " + le[4:], "des " + le[4:]
    else:  # la …, l'…
        au, du = "à " + le, "de " + le
    return Location(le, au, du, "the " + the, zone)


LOCATIONS: dict[str, Location] = {
    # legs
    "pied": _loc("le pied", "foot", "leg"),
    "cheville": _loc("la cheville", "ankle", "leg"),
    "mollet": _loc("le mollet", "calf", "leg"),
    "genou": _loc("le genou", "knee", "leg"),
    "cuisse": _loc("la cuisse", "thigh", "leg"),
    "hanche": _loc("la hanche", "hip", "leg"),
    "jambe": _loc("la jambe", "leg", "leg"),
    # arms
    "main": _loc("la main", "hand", "arm"),
    "poignet": _loc("le poignet", "wrist", "arm"),
    "avant-bras": _loc("l'avant-bras", "forearm", "arm"),
    "bras": _loc("le bras", "arm", "arm"),
    "coude": _loc("le coude", "elbow", "arm"),
    # torso
    "epaule": _loc("l'épaule", "shoulder", "torso"),
    "flanc": _loc("le flanc", "flank", "torso"),
    "dos": _loc("le dos", "back", "torso"),
    "cotes": _loc("les côtes", "ribs", "torso"),
    "ventre": _loc("le ventre", "belly", "torso"),
    "clavicule": _loc("la clavicule", "collarbone", "torso"),
    "poitrine": _loc("la poitrine", "chest", "torso"),
    "taille": _loc("la taille", "waist", "torso"),
    # head
    "visage": _loc("le visage", "face", "head"),
    "machoire": _loc("la mâchoire", "jaw", "head"),
    "tete": _loc("la tête", "head", "head"),
    "oreille": _loc("l'oreille", "ear", "head"),
    # vital spots
    "nuque": _loc("la nuque", "nape of the neck", "vital"),
    "cou": _loc("le cou", "neck", "vital"),
    "gorge": _loc("la gorge", "throat", "vital"),
    "crane": _loc("le crâne", "skull", "vital"),
    "tempe": _loc("la tempe", "temple", "vital"),
    "oeil": _loc("l'œil", "eye", "vital"),
    "coeur": _loc("le cœur", "heart", "vital"),
    # inside the body (poison)
    "peau": _loc("la peau", "skin", "inner"),
    "veines": _loc("les veines", "veins", "inner"),
    "estomac": _loc("l'estomac", "stomach", "inner"),
    "muscles": _loc("les muscles", "muscles", "inner"),
    "entrailles": _loc("les entrailles", "bowels", "inner"),
    "sang": _loc("le sang", "blood", "inner"),
    "nerfs": _loc("les nerfs", "nerves", "inner"),
    "poumons": _loc("les poumons", "lungs", "inner"),
    "membres": _loc("les membres", "limbs", "inner"),
    "foie": _loc("le foie", "liver", "inner"),
    "cerveau": _loc("le cerveau", "brain", "inner"),
}

BODY: tuple[str, ...] = (
    "epaule", "cuisse", "avant-bras", "mollet", "flanc", "main", "hanche", "bras", "genou", "dos",
    "poignet", "cotes", "pied", "ventre", "clavicule", "poitrine", "visage", "nuque", "crane", "gorge",
)
"""Default location of each of the 20 roll bands, from the lowest band to the roll of 100."""


def body(**changes: str) -> tuple[str, ...]:
    """``BODY`` with some bands changed, e.g. ``body(b19="coeur")``."""
    spots = list(BODY)
    for key, value in changes.items():
        spots[int(key[1:])] = value
    return tuple(spots)


TABLE_LOCATIONS: dict[str, tuple[str, ...]] = {
    "tranchant": body(),
    "contondant": body(b16="machoire", b17="tempe", b18="nuque", b19="crane"),
    "perforant": body(b14="epaule", b16="visage", b17="gorge", b18="oeil", b19="coeur"),
    "lutte-saisie": ("poignet", "jambe", "bras", "cheville", "taille", "main", "genou", "coude", "cuisse",
                     "epaule", "avant-bras", "dos", "pied", "cotes", "poitrine", "tete", "machoire", "nuque",
                     "gorge", "cou"),
    "arts-martiaux": body(b11="genou", b12="cheville", b14="cotes", b15="poitrine", b16="machoire",
                          b17="tempe", b18="nuque", b19="gorge"),
    "froid": body(b16="visage", b17="poitrine", b18="tete", b19="coeur"),
    "chaleur": body(b16="poitrine", b17="visage", b18="tete", b19="gorge"),
    "electricite": body(b16="poitrine", b17="tete", b18="crane", b19="coeur"),
    "impact": body(b16="tete", b17="nuque", b18="crane", b19="poitrine"),
    "tueur": body(b16="gorge", b17="nuque", b18="crane", b19="coeur"),
    "poison": ("peau", "membres", "estomac", "muscles", "veines", "peau", "entrailles", "membres", "muscles",
               "estomac", "sang", "foie", "nerfs", "entrailles", "poumons", "sang", "nerfs", "poumons",
               "cerveau", "coeur"),
}
"""The location of each band for each critical table (a roll of 100 always lands on a vital spot)."""

NON_FATAL_SPOT: dict[str, str] = {"coeur": "poitrine", "gorge": "cou", "oeil": "visage", "cerveau": "nerfs"}
"""Where an entry that does not kill lands instead of a spot no one survives."""
for _table, _spots in TABLE_LOCATIONS.items():
    assert len(_spots) == 20, _table


# --- strikes ------------------------------------------------------------------------------------------------
# Tiers: 0 light, 1 solid, 2 serious, 3 severe, 4 dreadful; "fatal" for an entry that kills.

STRIKES: dict[str, dict[str, tuple[Pair, ...]]] = {
    "tranchant": {
        "0": (("La lame effleure {le}", "The blade grazes {the}"),
              ("Une estafilade légère {au}", "A light slash across {the}"),
              ("Le fil de l'arme égratigne {le}", "The edge scratches {the}")),
        "1": (("Une entaille nette {au}", "A clean cut to {the}"),
              ("La lame mord dans {le}", "The blade bites into {the}"),
              ("Un revers vif ouvre la peau {du}", "A quick backhand opens the skin of {the}")),
        "2": (("Une taille profonde {au}", "A deep cut to {the}"),
              ("Le tranchant fend les chairs {du}", "The edge splits the flesh of {the}"),
              ("Un coup appuyé entame {le}", "A heavy stroke hacks into {the}")),
        "3": (("Une coupe terrible lacère {le}", "A terrible cut rips through {the}"),
              ("La lame s'enfonce profondément dans {le}", "The blade sinks deep into {the}"),
              ("Un large coup de taille ravage {le}", "A sweeping slash mauls {the}")),
        "4": (("Un coup effroyable s'abat sur {le}", "A dreadful blow hews into {the}"),
              ("Le tranchant ouvre une large entaille {au}", "The edge opens a wide gash in {the}"),
              ("Une taille d'une force inouïe entaille {le}", "A cut of unheard-of force gashes {the}")),
        "fatal": (("Un coup d'une précision mortelle tranche {le}", "A deadly precise stroke slices {the}"),
                  ("La lame ouvre {le} d'un seul trait", "The blade opens {the} in a single stroke")),
    },
    "contondant": {
        "0": (("Un coup sourd heurte {le}", "A dull blow knocks {the}"),
              ("L'arme rebondit sur {le}", "The weapon glances off {the}"),
              ("Un choc léger {au}", "A light knock to {the}")),
        "1": (("Un coup franc frappe {le}", "A square blow strikes {the}"),
              ("Le choc meurtrit {le}", "The impact bruises {the}"),
              ("Un coup lourd s'abat sur {le}", "A heavy blow lands on {the}")),
        "2": (("Un coup violent écrase {le}", "A violent blow crushes {the}"),
              ("Un martèlement brutal {au}", "A brutal pounding to {the}"),
              ("L'arme s'écrase lourdement sur {le}", "The weapon smashes down on {the}")),
        "3": (("Un coup terrible broie {le}", "A terrible blow mangles {the}"),
              ("Un impact formidable martèle {le}", "A tremendous impact hammers {the}"),
              ("Un coup à assommer un bœuf frappe {le}", "A blow fit to fell an ox strikes {the}")),
        "4": (("Un coup dévastateur fracasse {le}", "A devastating blow shatters {the}"),
              ("Un choc effroyable brise {le}", "An appalling impact breaks {the}"),
              ("L'arme pulvérise {le}", "The weapon pulverises {the}")),
        "fatal": (("Un coup d'une violence inouïe fracasse {le}", "A blow of savage violence smashes {the}"),
                  ("L'arme s'abat sur {le} avec un craquement sinistre",
                   "The weapon comes down on {the} with a sickening crack")),
    },
    "perforant": {
        "0": (("La pointe pique {le}", "The point pricks {the}"),
              ("Une éraflure superficielle {au}", "A shallow scratch on {the}"),
              ("La pointe glisse sur {le}", "The point skids along {the}")),
        "1": (("La pointe perce {le}", "The point pierces {the}"),
              ("Une piqûre nette {au}", "A neat puncture in {the}"),
              ("La pointe s'enfonce un peu dans {le}", "The point sinks a little into {the}")),
        "2": (("Une perforation profonde {au}", "A deep puncture in {the}"),
              ("La pointe pénètre dans {le}", "The point gets into {the}"),
              ("Un coup d'estoc atteint {le}", "A thrust reaches {the}")),
        "3": (("La pointe s'enfonce profondément dans {le}", "The point plunges deep into {the}"),
              ("Un coup d'estoc violent transperce {le}", "A vicious thrust skewers {the}"),
              ("La pointe fouille profondément {le}", "The point digs deep into {the}")),
        "4": (("Un coup terrible embroche {le}", "A terrible thrust spits {the}"),
              ("La pointe se plante de toute sa force dans {le}",
               "The point slams with all its force into {the}"),
              ("Une poussée d'une force effrayante perce {le}",
               "A thrust of frightening force pierces {the}")),
        "fatal": (("La pointe trouve {le} sans dévier", "The point finds {the} unerringly"),
                  ("Un coup parfait perce {le}", "A perfect thrust pierces {the}")),
    },
    "lutte-saisie": {
        "0": (("Une prise maladroite sur {le}", "A clumsy hold on {the}"),
              ("Une main agrippe {le} un instant", "A hand catches {the} for a moment"),
              ("Une saisie hésitante {au}", "A hesitant grab at {the}")),
        "1": (("Une prise ferme sur {le}", "A firm hold on {the}"),
              ("Une étreinte serre {le}", "A grip closes on {the}"),
              ("Une clé rapide tord {le}", "A quick lock twists {the}")),
        "2": (("Une prise solide immobilise {le}", "A solid hold pins {the}"),
              ("Une torsion brutale {du}", "A brutal wrench of {the}"),
              ("Une clé douloureuse bloque {le}", "A painful lock seizes {the}")),
        "3": (("Une prise de fer broie {le}", "An iron grip crushes {the}"),
              ("Une clé implacable tord {le} jusqu'au point de rupture",
               "A merciless lock bends {the} to breaking point"),
              ("Une étreinte écrasante emprisonne {le}", "A crushing embrace traps {the}")),
        "4": (("Une prise terrible verrouille {le}", "A terrible hold locks {the}"),
              ("Une torsion effroyable disloque {le}", "An appalling twist dislocates {the}"),
              ("Une étreinte sans pitié enserre {le}", "A pitiless clinch wraps around {the}")),
        "fatal": (("Une prise implacable écrase {le}", "A relentless hold crushes {the}"),
                  ("Une torsion sèche brise {le}", "A sharp twist breaks {the}")),
    },
    "arts-martiaux": {
        "0": (("Un coup rapide effleure {le}", "A quick strike brushes {the}"),
              ("Une frappe légère {au}", "A light strike to {the}"),
              ("Un balayage hâtif touche {le}", "A hasty sweep catches {the}")),
        "1": (("Une frappe sèche atteint {le}", "A crisp strike hits {the}"),
              ("Un coup du plat de la main cingle {le}", "An open-hand blow stings {the}"),
              ("Un coup de pied bien placé {au}", "A well-placed kick to {the}")),
        "2": (("Un enchaînement de coups martèle {le}", "A flurry of blows pounds {the}"),
              ("Un coup de genou puissant {au}", "A powerful knee to {the}"),
              ("Une frappe précise percute {le}", "A precise strike slams into {the}")),
        "3": (("Un coup de talon dévastateur {au}", "A devastating heel strike to {the}"),
              ("Une frappe foudroyante écrase {le}", "A lightning strike smashes {the}"),
              ("Un coup de coude brutal défonce {le}", "A brutal elbow batters {the}")),
        "4": (("Une frappe parfaite brise {le}", "A flawless strike breaks {the}"),
              ("Un coup d'une rare violence fracasse {le}", "A blow of rare violence shatters {the}"),
              ("Un enchaînement impitoyable démolit {le}", "A ruthless combination wrecks {the}")),
        "fatal": (("Une frappe d'une précision terrible écrase {le}",
                   "A terribly precise strike crushes {the}"),
                  ("Un coup sec et parfait brise {le}", "A sharp, perfect blow breaks {the}")),
    },
    "froid": {
        "0": (("Un souffle glacé frôle {le}", "An icy breath brushes {the}"),
              ("Le givre pique {le}", "Frost nips {the}")),
        "1": (("Le froid mord {le}", "The cold bites {the}"),
              ("Une pellicule de givre couvre {le}", "A film of rime coats {the}")),
        "2": (("Un froid intense s'insinue dans {le}", "Intense cold seeps into {the}"),
              ("La glace saisit {le}", "Ice seizes {the}")),
        "3": (("Le gel brûle {le} jusqu'au fond des chairs", "Frost burns deep into {the}"),
              ("Une morsure glaciale fige {le}", "A glacial bite stiffens {the}")),
        "4": (("Un froid mortel pétrifie {le}", "A killing cold petrifies {the}"),
              ("Le gel fait éclater la peau {du}", "The frost splits the skin of {the}")),
        "fatal": (("Un froid absolu saisit {le}", "Absolute cold grips {the}"),
                  ("La glace gagne {le} en un instant", "Ice reaches {the} in an instant")),
    },
    "chaleur": {
        "0": (("Une bouffée de chaleur roussit {le}", "A puff of heat singes {the}"),
              ("Une flammèche lèche {le}", "A little flame licks {the}")),
        "1": (("Les flammes brûlent {le}", "Flames burn {the}"),
              ("Une chaleur vive cloque la peau {du}", "Fierce heat blisters the skin of {the}")),
        "2": (("Le feu mord cruellement {le}", "Fire bites cruelly into {the}"),
              ("Une brûlure profonde {au}", "A deep burn to {the}")),
        "3": (("Un torrent de flammes calcine {le}", "A torrent of flame chars {the}"),
              ("Le feu s'accroche {au} et dévore les chairs", "Fire clings to {the} and eats the flesh")),
        "4": (("Un brasier enveloppe {le}", "A blaze engulfs {the}"),
              ("Une chaleur de forge carbonise {le}", "Forge-hot heat blackens {the}")),
        "fatal": (("Un jet de feu consume {le}", "A jet of fire consumes {the}"),
                  ("Les flammes engloutissent {le}", "Flames swallow {the}")),
    },
    "electricite": {
        "0": (("Une étincelle pique {le}", "A spark stings {the}"),
              ("Un picotement parcourt {le}", "A tingle runs through {the}")),
        "1": (("Une décharge secoue {le}", "A jolt shakes {the}"),
              ("Un arc crépitant touche {le}", "A crackling arc touches {the}")),
        "2": (("Une forte décharge traverse {le}", "A strong discharge runs through {the}"),
              ("L'éclair frappe {le}", "The bolt strikes {the}")),
        "3": (("Une décharge violente foudroie {le}", "A violent discharge blasts {the}"),
              ("Le courant tétanise {le}", "The current locks up {the}")),
        "4": (("Un éclair aveuglant frappe {le} de plein fouet", "A blinding bolt hits {the} full on"),
              ("La foudre embrase {le}", "Lightning sets {the} ablaze")),
        "fatal": (("La foudre traverse {le}", "Lightning passes through {the}"),
                  ("Une décharge énorme frappe {le}", "An enormous discharge strikes {the}")),
    },
    "impact": {
        "0": (("Un choc léger bouscule {le}", "A light shock jostles {the}"),
              ("Une poussée brutale heurte {le}", "A rough shove knocks {the}")),
        "1": (("Un impact rude percute {le}", "A hard impact slams into {the}"),
              ("La force du choc ébranle {le}", "The force of the blow jars {the}")),
        "2": (("Un impact violent heurte {le}", "A violent impact hits {the}"),
              ("Une onde de choc frappe {le}", "A shock wave strikes {the}")),
        "3": (("Un choc colossal écrase {le}", "A colossal impact crushes {the}"),
              ("La violence de l'impact disloque {le}", "The force of impact wrenches {the}")),
        "4": (("Un impact phénoménal broie {le}", "A staggering impact grinds {the}"),
              ("Une force titanesque fracasse {le}", "A titanic force shatters {the}")),
        "fatal": (("Un impact effroyable écrase {le}", "A fearsome impact crushes {the}"),
                  ("Le choc enfonce {le} d'un coup", "The shock caves in {the} at once")),
    },
    "tueur": {
        "0": (("L'arme cherche {le}", "The weapon seeks out {the}"),
              ("Un coup avide frôle {le}", "A hungry stroke brushes {the}")),
        "1": (("L'arme trouve une faille {au}", "The weapon finds a gap at {the}"),
              ("Un coup ciblé frappe {le}", "A well-aimed strike hits {the}")),
        "2": (("Le coup vise {le} avec une justesse troublante",
               "The blow takes {the} with uncanny accuracy"),
              ("L'arme frappe {le} avec une haine ancienne",
               "The weapon strikes {the} with an ancient hatred")),
        "3": (("L'arme s'acharne sur {le}", "The weapon savages {the}"),
              ("Un coup impitoyable déchire {le}", "A merciless blow tears {the}")),
        "4": (("L'arme frappe {le} comme si elle connaissait sa proie",
               "The weapon strikes {the} as if it knew its prey"),
              ("Un coup inexorable ravage {le}", "An inexorable blow ravages {the}")),
        "fatal": (("L'arme trouve {le} sans hésiter", "The weapon finds {the} without hesitation"),
                  ("Un coup marqué par le destin frappe {le}", "A blow marked by fate strikes {the}")),
    },
    "poison": {
        "0": (("Le poison picote {le}", "The poison tingles in {the}"),
              ("Une légère brûlure gagne {le}", "A faint burning reaches {the}")),
        "1": (("Le venin se répand dans {le}", "The venom spreads into {the}"),
              ("Le poison échauffe {le}", "The poison inflames {the}")),
        "2": (("Le venin attaque {le}", "The venom attacks {the}"),
              ("Une douleur sourde envahit {le}", "A dull pain floods {the}")),
        "3": (("Le poison ronge {le}", "The poison eats at {the}"),
              ("Des spasmes violents secouent {le}", "Violent spasms rack {the}")),
        "4": (("Le venin paralyse {le}", "The venom paralyses {the}"),
              ("Le poison embrase {le}", "The poison sets {the} on fire")),
        "fatal": (("Le venin atteint {le}", "The venom reaches {the}"),
                  ("Le poison submerge {le}", "The poison overwhelms {the}")),
    },
}


# --- consequences -------------------------------------------------------------------------------------------

CLAUSES: dict[str, tuple[Pair, ...]] = {
    "death_now": (("la cible|meurt sur le coup", "the target|dies on the spot"),
                  ("la mort est immédiate", "death is instant")),
    "death_later": (("la cible|s'effondre, mortellement atteinte", "the target|collapses, mortally wounded"),
                    ("la blessure est mortelle et la cible s'écroule",
                     "the wound is fatal and the target falls")),
    "bleed": (("la plaie saigne", "the wound bleeds"),
              ("le sang perle de la blessure", "blood seeps from the wound")),
    "bleed_heavy": (("la plaie saigne abondamment", "the wound bleeds heavily"),
                    ("le sang jaillit de la blessure", "blood spurts from the wound")),
    "stun": (("la cible|chancelle, étourdie", "the target|reels, stunned"),
             ("la cible|reste sonnée", "the target|is left dazed")),
    "knockdown": (("la cible|est jetée à terre", "the target|is thrown to the ground"),
                  ("la cible|chute lourdement", "the target|falls heavily")),
    "no_parry": (("la cible|ne peut plus parer", "the target|can no longer parry"),
                 ("la garde de la cible est grande ouverte", "the target's guard is wide open")),
    "drop_weapon": (("l'arme échappe à la cible", "the target|drops its weapon"),
                    ("la main lâche son arme", "the hand lets go of its weapon")),
    "must_parry": (("la cible|ne peut que se défendre", "the target|can only defend"),
                   ("la cible|se replie derrière sa garde", "the target|retreats behind its guard")),
    "penalty": (("la blessure gêne chaque mouvement", "the wound hampers every movement"),
                ("chaque geste devient pénible", "every move now hurts")),
    "shaken": (("la cible|recule, secouée", "the target|steps back, shaken"),
               ("la cible|est secouée", "the target|is shaken")),
    "none": (("sans autre dommage", "without further harm"),
             ("rien de grave", "nothing serious")),
}

_INTERNAL: tuple[Pair, ...] = (("une hémorragie interne se déclare", "internal bleeding sets in"),
                               ("la cible|saigne de l'intérieur", "the target|bleeds inside"))

CLAUSE_OVERRIDES: dict[str, dict[str, tuple[Pair, ...]]] = {
    "contondant": {"bleed": _INTERNAL, "bleed_heavy": _INTERNAL,
                   "knockdown": (("la cible|s'écroule au sol", "the target|crashes to the ground"),
                                 ("la cible|est renversée", "the target|is bowled over"))},
    "lutte-saisie": {"knockdown": (("la cible|est renversée", "the target|is thrown down"),
                                   ("la cible|est plaquée au sol", "the target|is pinned to the ground")),
                     "drop_weapon": (("la cible|est désarmée", "the target|is disarmed"),
                                     ("l'arme est arrachée des mains de la cible",
                                      "the weapon is torn from the target's hands")),
                     "penalty": (("la douleur entrave ses gestes", "pain hinders every move"),
                                 ("l'articulation malmenée répond mal", "the wrenched joint barely answers")),
                     "stun": (("la cible|suffoque, étourdie", "the target|chokes, stunned"),
                              ("la cible|vacille, à bout de souffle", "the target|sways, out of breath"))},
    "arts-martiaux": {"bleed": _INTERNAL, "bleed_heavy": _INTERNAL,
                      "knockdown": (("la cible|est fauchée", "the target|is swept off its feet"),
                                    ("la cible|bascule au sol", "the target|topples to the ground"))},
    "froid": {"penalty": (("les membres s'engourdissent", "the limbs go numb"),
                          ("le froid raidit chaque geste", "the cold stiffens every move")),
              "drop_weapon": (("les doigts gelés lâchent l'arme", "frozen fingers let go of the weapon"),
                              ("la main engourdie laisse tomber l'arme", "the numb hand drops the weapon"))},
    "chaleur": {"bleed": (("les vêtements continuent de se consumer",
                           "the target's clothes keep smouldering"),
                          ("la brûlure à vif continue de faire souffrir", "the raw burn keeps hurting")),
                "bleed_heavy": (("le feu continue de ronger les chairs", "the fire keeps eating the flesh"),
                                ("les flammes refusent de s'éteindre", "the flames refuse to die down")),
                "drop_weapon": (("l'arme brûlante échappe à la cible", "the target|drops the searing weapon"),
                                ("la main brûlée lâche son arme", "the burnt hand lets go of its weapon"))},
    "electricite": {"stun": (("les muscles tétanisés, la cible est étourdie",
                              "muscles locked, the target is stunned"),
                             ("la cible|tremble, étourdie", "the target|shakes, stunned")),
                    "drop_weapon": (("la main se crispe et lâche l'arme",
                                     "the hand spasms and drops the weapon"),
                                    ("l'arme tombe de doigts secoués de spasmes",
                                     "the weapon falls from twitching fingers"))},
    "impact": {"bleed": _INTERNAL, "bleed_heavy": _INTERNAL,
               "knockdown": (("la cible|est projetée au sol", "the target|is hurled to the ground"),
                             ("la cible|est renversée", "the target|is knocked flat"))},
    "tueur": {"bleed": (("la plaie saigne sans s'arrêter", "the wound will not stop bleeding"),
                        ("le sang coule de la blessure", "blood runs from the wound"))},
    "poison": {"bleed": (("le venin continue de ronger la cible", "the venom keeps eating at the target"),
                         ("le poison poursuit son œuvre", "the poison keeps working")),
               "bleed_heavy": (("le venin consume la cible de l'intérieur",
                                "the venom burns the target from within"),
                               ("le poison gagne du terrain à chaque instant",
                                "the poison gains ground by the moment")),
               "penalty": (("les membres s'alourdissent", "the limbs grow heavy"),
                           ("une faiblesse gagne tout le corps", "weakness spreads through the body")),
               "shaken": (("une nausée secoue la cible", "a wave of nausea shakes the target"),
                          ("la cible|pâlit, secouée", "the target|turns pale, shaken")),
               "knockdown": (("la cible|s'effondre, prise de vertige", "the target|collapses, dizzy"),
                             ("les jambes de la cible se dérobent", "the target's legs give way")),
               "stun": (("des convulsions laissent la cible hébétée", "convulsions leave the target stunned"),
                        ("la cible|vacille, le regard vide", "the target|sways, eyes blank"))},
}


def clauses(table: str, key: str) -> tuple[Pair, ...]:
    """The consequence phrases of ``key``, with the table's own flavour where it has one."""
    return CLAUSE_OVERRIDES.get(table, {}).get(key, CLAUSES[key])


# --- fumbles ------------------------------------------------------------------------------------------------

FUMBLE_TEXTS: tuple[Pair, ...] = (
    ("Le combattant perd le rythme un instant, puis se reprend.",
     "The fighter loses the rhythm for a moment, then recovers."),
    ("Un pied glisse ; le combattant se rattrape de justesse, secoué.",
     "A foot slips; the fighter barely stays upright, shaken."),
    ("Le coup part dans le vide et emporte le combattant : il lui faut se remettre en garde.",
     "The swing meets only air and carries the fighter along: guard must be found again."),
    ("L'arme tourne dans la main ; le temps de la rajuster, l'occasion est passée.",
     "The weapon turns in the hand; by the time the grip is fixed, the chance is gone."),
    ("Un élan mal contrôlé tord le poignet du combattant.",
     "Poorly controlled momentum wrenches the fighter's wrist."),
    ("L'arme glisse des doigts et tombe au sol.",
     "The weapon slips from the fingers and falls to the ground."),
    ("Un faux pas fait trébucher le combattant, qui tombe lourdement.",
     "A misstep trips the fighter, who falls heavily."),
    ("Dans la précipitation, le combattant se blesse avec sa propre arme.",
     "In the rush, the fighter is hurt by their own weapon."),
    ("L'arme heurte un obstacle et vole au loin ; le choc remonte jusqu'à l'épaule.",
     "The weapon strikes an obstacle and flies away; the jolt runs up to the shoulder."),
    ("Le combattant s'emmêle les jambes, chute et se cogne la tête.",
     "The fighter's legs tangle; a fall ends with a knock on the head."),
    ("Une maladresse grave : le combattant s'entaille profondément et reste hébété.",
     "A grave blunder: the fighter takes a deep self-inflicted cut and is left dazed."),
    ("Désastre complet : l'arme échappe, le combattant s'effondre, blessé et en sang.",
     "Utter disaster: the weapon flies, the fighter collapses, hurt and bleeding."),
)

CREATURE_FUMBLE_TEXTS: tuple[Pair, ...] = (
    # the same bands told for a natural weapon or a breath: no weapon to turn, drop or break, only the body
    ("La créature hésite un instant, puis se ramasse.",
     "The creature hesitates for a moment, then gathers itself."),
    ("Une patte dérape ; la créature se rattrape de justesse, secouée.",
     "A foot skids; the creature barely keeps its footing, shaken."),
    ("L'élan emporte la créature au-delà de sa proie : elle doit faire volte-face.",
     "Its momentum carries the creature past its prey: it must wheel about."),
    ("La créature perd l'équilibre et doit se reprendre ; l'occasion est passée.",
     "The creature loses its balance and must steady itself; the chance is gone."),
    ("Un élan mal mesuré tord un membre de la créature.",
     "A badly judged lunge wrenches one of the creature's limbs."),
    ("La créature trébuche et recule, déséquilibrée.",
     "The creature stumbles and falls back, off balance."),
    ("Un faux pas fait chuter lourdement la créature.",
     "A misstep brings the creature down heavily."),
    ("Dans sa hâte, la créature se meurtrit contre le sol ou un obstacle.",
     "In its haste, the creature bruises itself against the ground or an obstacle."),
    ("La créature heurte un obstacle de plein fouet ; le choc l'ébranle.",
     "The creature runs headlong into an obstacle; the jolt shakes it."),
    ("La créature s'empêtre, chute et se cogne la tête.",
     "The creature tangles its own limbs, falls and knocks its head."),
    ("Une maladresse grave : la créature se blesse elle-même et reste hébétée.",
     "A grave blunder: the creature hurts itself and is left dazed."),
    ("Désastre complet : la créature s'effondre, blessée et en sang.",
     "Utter disaster: the creature collapses, hurt and bleeding."),
)
