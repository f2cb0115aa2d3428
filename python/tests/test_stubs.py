"""The type stubs (jipingdian/__init__.pyi) name everything the package exports, and every public
method and attribute of its classes."""

import ast
from pathlib import Path

import jipingdian as jpd

STUBS = Path(jpd.__file__).with_name("__init__.pyi")


def stub_names():
    tree = ast.parse(STUBS.read_text())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            top.add(node.target.id)
        elif isinstance(node, ast.Assign):
            top.update(t.id for t in node.targets if isinstance(t, ast.Name))
        if isinstance(node, ast.ClassDef):
            names = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    names.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
            members[node.name] = names
    return top, members


def test_stubs_name_every_export_and_member():
    top, members = stub_names()
    assert set(jpd.__all__) <= top
    missing = []
    for name in jpd.__all__:
        obj = getattr(jpd, name)
        if not isinstance(obj, type) or issubclass(obj, Exception):
            continue
        inherited = set(dir(object))
        for attr in dir(obj):
            if attr.startswith("_") or attr in inherited or attr in members[name]:
                continue
            if isinstance(getattr(obj, attr), obj):  # enum values: Color.BLACK
                assert attr in members[name], f"{name}.{attr}"
                continue
            missing.append(f"{name}.{attr}")
    assert missing == []
