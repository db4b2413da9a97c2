-- The search's excerpts without translate() over whole stories (issue 37).
--
-- A search page's excerpt around the first match (private.search_excerpt) folds each story's text on the page:
-- lower case, accents off, punctuation to spaces. The punctuation step was translate(), which walks its list of
-- separators for every character of the text: on the embedded database it was most of a search (40 stories,
-- 'ceramica': 10 of the 15 ms of private.search_publications, against 2.4 ms for unaccent and 2.7 ms for lower).
-- A regular expression with the same separators as one bracket class does it in a quarter of the time. Each
-- separator is still one character turned into one space, so a position in the folded text is one in the text.

create or replace function private.search_excerpt(doc text, lexemes text[]) returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $fn$
declare
  width constant integer := 300;
  folded text;
  lexeme text;
  found integer;
  anchor integer := 0;
  start integer := 1;
  piece text;
  cut integer;
begin
  doc := pg_catalog.btrim(doc);
  if doc is null or doc = '' then
    return null;
  end if;
  if coalesce(pg_catalog.cardinality(lexemes), 0) > 0 then
    -- Word boundaries become spaces, so ' ' || lexeme finds the lexeme only at the start of a word.
    folded := ' ' || pg_catalog.regexp_replace(
      pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary, doc)),
      E'[\\n\\r\\t.,;:!?()\\[\\]{}"/«»“”‘’''-]', ' ', 'g');
    foreach lexeme in array lexemes loop
      found := pg_catalog.strpos(folded, ' ' || lexeme);
      if found > 0 and (anchor = 0 or found < anchor) then
        anchor := found;
      end if;
    end loop;
  end if;
  if anchor > 0 then
    -- About a third of the excerpt before the word, the rest after it.
    start := greatest(1, anchor - width / 3);
  end if;
  piece := pg_catalog.translate(pg_catalog.substr(doc, start, width + 1), E'\n\r\t', '   ');
  if start > 1 then
    piece := '… ' || pg_catalog.substr(piece, pg_catalog.strpos(piece, ' ') + 1);
  end if;
  if start + width <= pg_catalog.length(doc) then
    cut := pg_catalog.strpos(pg_catalog.reverse(piece), ' ');
    if cut > 0 then
      piece := pg_catalog.left(piece, pg_catalog.length(piece) - cut);
    end if;
    piece := piece || ' …';
  end if;
  return pg_catalog.regexp_replace(piece, ' {2,}', ' ', 'g');
end;
$fn$;
