"""The recovery itself, as a stream of small steps: lines -> pages -> width -> classes -> decisions -> output.

lines (physical lines, numbered); pages (page by page: furniture in furniture, footnotes in
footnotes); front (a paper's front matter); width (the column width CW); classify (line classes
and width bands; section numbers in numbering, captions, reference lists and list items in
labels); items (each line with what came before it); rules (the decisions for running text, as
named rules asked in order) and weigh (the soft evidence at a boundary, weighed by fitted trees);
recover (the steps no rule decides: furniture, captions, references, front matter); paper (the
published algorithm, literally); hyphen, lexicon and vocabulary (line-end hyphens); chars
(character repairs); function_words, sentences and language (words that dangle, the sentence
splitter, the language); output (the formats); events (what the steps pass on).  Each
language's words are in :mod:`srtext.lang`.
"""
