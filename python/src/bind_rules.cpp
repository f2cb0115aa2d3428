// Rule sets as data: the preset table, the text form "PRESET[,key=value...]" and the fields.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "jpd/rules.hpp"
#include "jpd/text.hpp"

namespace jpd::py {

namespace {

pyb::object field(const Ruleset& r, const std::string& name) {
  const nlohmann::json j = to_json(r);
  if (!j.contains(name)) throw pyb::attribute_error("a Ruleset has no field '" + name + "'");
  return to_python(j[name]);
}

Ruleset replaced(const Ruleset& r, const pyb::kwargs& changes) {
  nlohmann::json j = to_json(r);
  for (auto [key, value] : changes) {
    const std::string k = key.cast<std::string>();
    j[k] = pyb::isinstance<Color>(value) ? nlohmann::json(std::string(color_letter(value.cast<Color>())))
                                         : to_json_value(value);
  }
  return ruleset_from_json(j);
}

}  // namespace

void bind_rules(pyb::module_& m) {
  pyb::class_<Ruleset>(
      m, "Ruleset",
      "A rule set as plain data: a preset and the fields that differ from it. Every field of the "
      "library's table reads as an attribute in its text-form value (e.g. r.komi == 6.5, "
      "r.ko == 'simple', r.first_player == 'B'); see rule_fields().")
      .def(pyb::init([](const std::string& text) { return parse_ruleset(text); }),
           pyb::arg("text") = kDefaultPreset,
           "Parses 'PRESET[,key=value...]', e.g. 'tang-song' or 'japanese,komi=6.5'; RulesError "
           "lists the valid presets, keys or values.")
      .def_static("from_dict", [](pyb::dict d) { return ruleset_from_json(to_json_value(d)); },
                  pyb::arg("fields"), "A rule set from a dict as to_dict() gives (a 'preset' and any fields).")
      .def("to_dict", [](const Ruleset& r) { return to_python(to_json(r)); },
           "Every field, with 'preset' and 'canonical' (the text form).")
      .def("replace", &replaced,
           "A copy with some fields changed: r.replace(komi=7.5, ko='situational').")
      .def("__getattr__", &field, pyb::arg("name"))
      .def("__dir__",
           [](pyb::object self) {
             pyb::list names = pyb::module_::import("builtins").attr("object").attr("__dir__")(self);
             for (const FieldInfo& f : ruleset_fields()) names.append(f.key);
             names.append("preset");
             names.append("canonical");
             return names;
           })
      .def_property_readonly("second_player", [](const Ruleset& r) { return r.second_player(); },
                             "The player who does not move first (receives komi).")
      .def("__str__", &Ruleset::to_string, "The canonical text form.")
      .def("__repr__", [](const Ruleset& r) { return "Ruleset('" + r.to_string() + "')"; })
      .def("__eq__", [](const Ruleset& a, const Ruleset& b) { return a == b; })
      .def("__hash__", [](const Ruleset& r) { return pyb::hash(pyb::str(r.to_string())); })
      .def("__copy__", [](const Ruleset& r) { return r; })
      .def("__deepcopy__", [](const Ruleset& r, pyb::dict) { return r; }, pyb::arg("memo"))
      .def(pyb::pickle([](const Ruleset& r) { return r.to_string(); },
                       [](const std::string& text) { return parse_ruleset(text); }));

  pyb::class_<Preset>(m, "Preset", "One row of the preset table.")
      .def_property_readonly("name", [](const Preset& p) { return std::string(p.name); })
      .def_property_readonly("title", [](const Preset& p) { return preset_title(p.name, Lang::en); })
      .def_property_readonly("title_zh", [](const Preset& p) { return preset_title(p.name, Lang::zh); })
      .def_property_readonly("source", [](const Preset& p) { return std::string(p.source); },
                             "Which seed article or standard it follows.")
      .def_property_readonly("jpd", [](const Preset& p) { return p.jpd; },
                             "One of the 计枰点 family (else a comparison preset).")
      .def_property_readonly("rules", [](const Preset& p) { return p.rules; })
      .def("__repr__", [](const Preset& p) { return "<Preset " + std::string(p.name) + ">"; });

  m.def(
      "presets",
      [] {
        std::vector<const Preset*> out;
        for (const Preset& p : presets()) out.push_back(&p);
        return out;
      },
      pyb::return_value_policy::reference, "Every preset, in table order.");
  m.def("preset_names", &preset_names, "The preset names, in table order.");
  m.def(
      "rule_fields",
      [] {
        pyb::list out;
        for (const FieldInfo& f : ruleset_fields()) {
          pyb::dict d;
          d["key"] = f.key;
          d["values"] = f.values;
          d["meaning"] = f.meaning;
          out.append(d);
        }
        return out;
      },
      "The fields of a rule set, in table order: dicts with 'key', 'values' and 'meaning'.");
  m.def(
      "preset_for_sgf_rules",
      [](const std::string& ru) -> pyb::object {
        const std::string name = preset_for_sgf_rules(ru);
        if (name.empty()) return pyb::none();
        return pyb::str(name);
      },
      pyb::arg("ru"),
      "The preset an SGF RU[] value names ('Japanese', 'Chinese', 'JPD:tang-song', ...), or None.");
}

}  // namespace jpd::py
