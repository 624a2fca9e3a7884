! RUN: forocl check -ffixed-form %s
! A free-form file read as fixed form: statements start in column 1.
subroutine k(a, b)
!^ ERROR:1 [fixed-form-label] "columns 1-5 of a fixed-form line hold a statement label, not \"subro\""
      end
