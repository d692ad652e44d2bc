# Writes the options reference, docs/options.md, from the tools' own tables
# (pdpv --print-options-markdown, then pdpv-mc's part): the target docs-options
# runs it, and test/cli/options-doc.test checks that the committed copy is
# what the tools print.
#   cmake -DPDPV=... -DPDPV_MC=... -DOUT=docs/options.md -P cmake/DocsOptions.cmake
foreach(Tool PDPV PDPV_MC)
  execute_process(COMMAND ${${Tool}} --print-options-markdown
                  OUTPUT_VARIABLE Part RESULT_VARIABLE Code)
  if(NOT Code EQUAL 0)
    message(FATAL_ERROR "${${Tool}} --print-options-markdown failed (${Code})")
  endif()
  string(APPEND Text "${Part}")
endforeach()
file(WRITE ${OUT} "${Text}")
