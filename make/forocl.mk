# forocl.mk: build an application with its kernel files ported by forocl
# port, from a GNU Makefile (README "Porting an application", "Build
# systems"). Set FOROCL_KERNELS, include this file, and build from
# $(FOROCL_SOURCES) instead of the kernel files:
#
#   FOROCL_KERNELS = $(wildcard kernels/*.f90)
#   include path/to/forocl.mk
#   app: $(FOROCL_SOURCES) main.f90
#   	$(FC) $(FFLAGS) -J $(FOROCL_DIR) $^ $(FOROCL_LIBS) -o $@
#
# Variables (set before the include):
#   FOROCL_KERNELS  the kernel files to port (required)
#   FOROCL          the forocl executable (default forocl, on PATH)
#   FOROCL_DIR      the folder of the ported files (default forocl_port)
#   FOROCL_FLAGS    forocl port's other flags: -I DIR, -D NAME, --auto-reduce
# It defines:
#   FOROCL_SOURCES  the runtime and the ported files, in the compile order
#                   forocl port prints (each after the files whose modules
#                   it uses)
#   FOROCL_OBJECTS  their objects in FOROCL_DIR, compiled in that order by
#                   $(FC) $(FFLAGS) with the modules in FOROCL_DIR (add
#                   -I $(FOROCL_DIR) where the application's own files use
#                   them)
#   FOROCL_LIBS     -lOpenCL, for the link
# and the target forocl-clean. forocl port runs again when a kernel file,
# forocl, FOROCL_FLAGS or the list of kernel files changes:
# $(FOROCL_DIR)/forocl_order.mk, which holds the order, depends on them,
# and make reads it again once it is remade. Goals that
# are only in FOROCL_NO_PORT_GOALS (clean, distclean, forocl-clean) port
# nothing.

FOROCL ?= forocl
FOROCL_DIR ?= forocl_port
FOROCL_FLAGS ?=
FOROCL_LIBS ?= -lOpenCL
FOROCL_NO_PORT_GOALS ?= clean distclean forocl-clean

ifeq ($(strip $(FOROCL_KERNELS)),)
$(error forocl.mk: set FOROCL_KERNELS to the kernel files to port before including forocl.mk)
endif

_forocl_order := $(FOROCL_DIR)/forocl_order.mk
_forocl_bin := $(firstword $(wildcard $(FOROCL)) $(shell command -v $(FOROCL) 2>/dev/null))

# forocl port writes all its files or none; the order file is replaced
# only when it succeeded. Each ported object depends on the one before it
# in the order, so that a parallel make compiles modules before their uses.
$(_forocl_order): $(FOROCL_KERNELS) $(_forocl_bin)
	@mkdir -p $(FOROCL_DIR)
	$(FOROCL) port $(FOROCL_FLAGS) -o $(FOROCL_DIR) $(FOROCL_KERNELS) > $@.files
	@{ printf '_forocl_ported_with := %s\n' '$(_forocl_with)'; printf 'FOROCL_SOURCES :='; while read -r f; do printf ' %s' "$$f"; done < $@.files; echo; \
	  prev=; while read -r f; do o="$${f%.*}.o"; [ -z "$$prev" ] || echo "$$o: $$prev"; prev=$$o; done < $@.files; \
	} > $@.tmp && mv $@.tmp $@ && rm -f $@.files

ifneq ($(filter-out $(FOROCL_NO_PORT_GOALS),$(or $(MAKECMDGOALS),all)),)
-include $(_forocl_order)
endif

# Other flags or another list of kernel files port again too: the order
# file records those it was made with.
_forocl_with := $(strip $(FOROCL_FLAGS) -o $(FOROCL_DIR) $(FOROCL_KERNELS))
ifneq ($(_forocl_ported_with),$(_forocl_with))
$(_forocl_order): _forocl_force
endif
.PHONY: _forocl_force
_forocl_force: ;

FOROCL_OBJECTS = $(addsuffix .o,$(basename $(FOROCL_SOURCES)))

$(FOROCL_SOURCES): $(_forocl_order) ;

$(FOROCL_DIR)/%.o: $(FOROCL_DIR)/%.f90
	$(FC) $(FFLAGS) -J $(FOROCL_DIR) -c $< -o $@

$(FOROCL_DIR)/%.o: $(FOROCL_DIR)/%.f
	$(FC) $(FFLAGS) -J $(FOROCL_DIR) -c $< -o $@

.PHONY: forocl-clean
forocl-clean:
	rm -rf $(FOROCL_DIR)
