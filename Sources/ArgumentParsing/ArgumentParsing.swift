// ArgumentParsing
