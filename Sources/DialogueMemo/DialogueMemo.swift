// DialogueMemo
