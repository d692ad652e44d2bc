# Z3 up to 4.8.12 (Debian 12's) has a move assignment in z3++.h that drops
# the reference of the expression it overwrites without releasing it: every
# `E = f(...)` leaks E's old term, and the context's destructor then frees
# the leaked DAGs one layer per sweep over all terms, quadratic in their
# depth (half a minute at the end of one function over arrays). When the
# installed header has that assignment, PDPV compiles against a copy with
# the release added (generated into the build directory, never committed);
# a fixed Z3 is used as it is.
set(_z3_header "${Z3_INCLUDE_DIR}/z3++.h")
file(READ "${_z3_header}" _z3_text)
set(_z3_leaky "            if (this != &s) {
                object::operator=(std::forward<object>(s));
                m_ast = s.m_ast;")
set(_z3_fixed "            if (this != &s) {
                if (m_ast)
                    Z3_dec_ref(*m_ctx, m_ast);
                object::operator=(std::forward<object>(s));
                m_ast = s.m_ast;")
string(FIND "${_z3_text}" "${_z3_leaky}" _z3_at)
if(_z3_at GREATER -1)
  string(REPLACE "${_z3_leaky}" "${_z3_fixed}" _z3_text "${_z3_text}")
  set(_z3_dir "${CMAKE_BINARY_DIR}/z3-move-fix")
  # (written only when it changes: a rewrite would rebuild everything at
  # each configure)
  file(CONFIGURE OUTPUT "${_z3_dir}/z3++.h" CONTENT "${_z3_text}" @ONLY)
  include_directories(BEFORE "${_z3_dir}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_z3_header}")
  message(STATUS "Z3: z3++.h's move assignment leaks; using a fixed copy in ${_z3_dir}")
endif()
