// A source in no layer folder.
