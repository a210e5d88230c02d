"""The recovery itself, as a stream of small steps: lines -> pages -> width -> classes -> decisions -> output.

lines (physical lines, numbered), pages (page breaks, furniture, footnotes), front (a paper's
front matter), width (the column width CW), classify (line classes and width bands), rules and
recover (the decisions, as named rules), paper (the published algorithm, literally), hyphen,
lexicon and vocabulary (line-end hyphens), chars (character repairs), sentences (the sentence
splitter), output (the formats), events (what the steps pass on).
"""
