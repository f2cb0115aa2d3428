#include "errors.hpp"

#include "bindings.hpp"
#include "jpd/count.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/sgf.hpp"

namespace jpd::py {

namespace {

// Raises jipingdian._errors.<name>(*args) as the current Python error.
void raise(const char* name, const pyb::tuple& args) {
  pyb::object cls = pyb::module_::import("jipingdian._errors").attr(name);
  pyb::object error = cls(*args);
  PyErr_SetObject(cls.ptr(), error.ptr());
}

std::string reason_text(Illegal r) { return std::string(name_of(r)); }

}  // namespace

void bind_errors(pyb::module_&) {
  pyb::register_local_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const IllegalMoveError& e) {
      raise("IllegalMove", pyb::make_tuple(reason_text(e.reason), e.message, e.move));
    } catch (const ReplayError& e) {
      raise("ReplayError", pyb::make_tuple(reason_text(e.reason), std::string(e.what()), e.file,
                                           e.where.line, e.where.column, e.move_number));
    } catch (const sgf::Error& e) {
      raise("SgfError", pyb::make_tuple(text(e.detail, Lang::en), e.file, e.where.line, e.where.column,
                                        std::string(e.what())));
    } catch (const RulesError& e) {
      raise("RulesError", pyb::make_tuple(std::string(e.what())));
    } catch (const CountError& e) {
      raise("CountError", pyb::make_tuple(std::string(e.what())));
    } catch (const PointError& e) {
      raise("PointError", pyb::make_tuple(std::string(e.what())));
    }
  });
}

}  // namespace jpd::py
