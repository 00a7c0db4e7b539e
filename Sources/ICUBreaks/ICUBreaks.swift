// ICUBreaks
