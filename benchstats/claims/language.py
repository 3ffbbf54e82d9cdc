"""Which language a claim is written in (English, German or Spanish), and how it writes numbers.

The claim reader reads English, German and Spanish launch sentences. The
language decides two things about numbers: which words spell them ("seven",
"sieben", "siete", read by text2num in that language) and, with the other
numbers of the sentence, which mark is the decimal one. German and Spanish
group thousands with a dot and mark decimals with a comma ("1.176 der 1.319",
"71,2 %"); English does the reverse ("1,319", "71.2%").

>>> language("Kite-2 erreicht 71,2 % auf MMLU, Gull-1 68,9 %")
'de'
>>> language("Kite-2 obtiene un 71,2 % en MMLU frente al 68,9 % de Gull-1")
'es'
>>> language("Kite-2 scores 71.2% on MMLU vs Gull-1's 68.9%")
'en'
"""

from __future__ import annotations

import re

# Words that are common in one language's launch sentences and rare in the others'.
_FUNCTION_WORDS = {
    "de": (
        "der die das und auf mit bei im ist erreicht erzielt liegt gegenüber vor hinter "
        "punkte prozentpunkte prozent prozentpunkten löst aufgaben fragen von über um "
        "kommt schafft während damit als wie nur noch dem den des ein eine"
    ),
    "es": (
        "el la los las y en con frente por delante detrás obtiene alcanza logra consigue "
        "supera superando puntos porcentuales ciento resuelve problemas preguntas del al "
        "mientras que sobre un una mejora sube cae"
    ),
}
_WORD = re.compile(r"[a-zäöüßñáéíóú]+")

#: Number words by language: what may spell a count or a percent ("einundsiebzig", "setenta y uno").
SPELLED = {
    "en": re.compile(
        r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
        r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|"
        r"seventy|eighty|ninety|hundred|thousand)"
        r"(?:(?:[\s\-]+|\s+and\s+)(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
        r"twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|"
        r"forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand))*\b",
        re.IGNORECASE,
    ),
    "de": re.compile(
        r"\b(?:(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)und)?"
        r"(?:zwanzig|dreißig|dreissig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig)\b|"
        r"\b(?:null|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|dreizehn|"
        r"vierzehn|fünfzehn|sechzehn|siebzehn|achtzehn|neunzehn|hundert)\b",
        re.IGNORECASE,
    ),
    "es": re.compile(
        r"\b(?:(?:veinti\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa)"
        r"(?:\s+y\s+(?:uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve))?|"
        r"cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|"
        r"quince|dieciséis|diecisiete|dieciocho|diecinueve|veinte|cien|ciento)\b",
        re.IGNORECASE,
    ),
}


def language(text: str) -> str:
    """ "de" or "es" when the text's common words are that language's, else "en"."""
    seen = _WORD.findall(text.lower())
    counts = {
        lang: sum(w in words.split() for w in seen) for lang, words in _FUNCTION_WORDS.items()
    }
    lang, hits = max(counts.items(), key=lambda kv: kv[1])
    english = sum(
        w in ("the", "on", "of", "and", "vs", "scores", "with", "by", "over") for w in seen
    )
    return lang if hits >= 2 and hits > english else "en"


_DOT_DECIMAL = re.compile(r"(?<![\d.,])\d+\.(?:\d{1,2}|\d{4,})(?![\d.,])")
_COMMA_DECIMAL = re.compile(r"(?<![\d.,])\d+,(?:\d{1,2}|\d{4,})(?![\d.,])")


def dot_groups_thousands(text: str, lang: str) -> bool:
    """True when a dot between groups of three digits groups thousands ("1.176" is 1176):
    the sentence writes its decimals with a comma, or it is German or Spanish and writes
    none with a dot.

    >>> dot_groups_thousands("Kite-2 löst 1.204 der 1.319 Aufgaben", "de")
    True
    >>> dot_groups_thousands("Kite-2 scores 1.204 on the scale", "en")
    False
    """
    if _DOT_DECIMAL.search(text):
        return False
    return bool(_COMMA_DECIMAL.search(text)) or lang in ("de", "es")
