#!/usr/bin/env python3
"""Converts pySBD's published tests (a git checkout, at a tag) into JSON lines
{lang, text, sentences, suite, clean, xfail} for verbatim-eval sentences.

Usage: scripts/convert_pysbd_tests.py REPO_GIT_DIR [TAG] > pysbd-0.3.4.jsonl (a pySBD checkout; nothing of it is kept here)
Reads tests/lang/test_<language>.py for en, de, es, fr, ja (and the English
regression issues) with `git show TAG:path`; parses them with ast (no execution).
A case is marked clean=true when pySBD runs it with clean=True (its text cleaner
rewrites whitespace, and sometimes more, before splitting), xfail=true when pySBD
marks it as an expected failure, shadowed=true when its test function is redefined
later in the same file (pytest never runs it).
"""
import ast, json, subprocess, sys

FILES = {
    "en": ["tests/lang/test_english.py", "tests/lang/test_english_clean.py", "tests/regression/test_issues.py"],
    "de": ["tests/lang/test_deutsch.py"],
    "es": ["tests/lang/test_spanish.py"],
    "fr": ["tests/lang/test_french.py"],
    "ja": ["tests/lang/test_japanese.py"],
}

def literal_cases(node):
    """Yields (text, sentences, xfail) from a list literal of tuples / pytest.param calls."""
    for element in node.elts:
        xfail = False
        if isinstance(element, ast.Call):  # pytest.param(..., marks=pytest.mark.xfail)
            xfail = any(k.arg == "marks" for k in element.keywords)
            values = [ast.literal_eval(a) for a in element.args]
        else:
            values = list(ast.literal_eval(element))
        if len(values) == 3:  # regression: (issue, text, expected)
            values = values[1:]
        text, sentences = values
        if sentences and isinstance(sentences[0], tuple):  # char-span cases: (sentence, start, end)
            sentences = [s[0].strip() for s in sentences]
        yield text, sentences, xfail

def uses_clean(function):
    """Whether a test function runs pySBD with clean=True (a *clean* fixture or Segmenter(clean=True))."""
    if any("clean" in a.arg and "no_clean" not in a.arg for a in function.args.args):
        return True
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            for k in node.keywords:
                if k.arg == "clean" and isinstance(k.value, ast.Constant) and k.value.value is True:
                    return True
    return False

def parametrized_list(function):
    for decorator in function.decorator_list:
        if isinstance(decorator, ast.Call) and getattr(decorator.func, "attr", "") == "parametrize":
            target = decorator.args[1]
            if isinstance(target, ast.Name):
                return target.id
    return None

def main():
    repo, tag = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "v0.3.4")
    for lang, paths in FILES.items():
        for path in paths:
            source = subprocess.run(["git", "--git-dir", repo, "show", f"{tag}:{path}"],
                                    check=True, capture_output=True, text=True).stdout
            tree = ast.parse(source)
            lists = {}
            for node in tree.body:
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.List):
                    lists[node.targets[0].id] = node.value
            functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
            last_by_name = {f.name: f for f in functions}
            for function in functions:
                name = parametrized_list(function)
                if name is None or name not in lists:
                    continue
                clean = uses_clean(function)
                shadowed = last_by_name[function.name] is not function
                for text, sentences, xfail in literal_cases(lists[name]):
                    case = {"lang": lang, "text": text, "sentences": sentences,
                            "suite": f"{path.split('/')[-1][:-3]}:{name}", "clean": clean}
                    if xfail: case["xfail"] = True
                    if shadowed: case["shadowed"] = True
                    print(json.dumps(case, ensure_ascii=False))

main()
