! loop_forall: FORALL with Fortran's semantics. A FORALL statement with a
! mask over two indices; a named construct of two assignments whose second
! reads the first's result at shifted indices (each assignment completes
! before the next); a stride; a nested FORALL; and the shifted
! self-reference a(i) = a(i-1) + a(i+1), whose right-hand side reads only
! old values (forocl computes it into a temporary, then copies it in).
!$OFP PURE, KERNEL :: foralls
subroutine foralls(n, m, a, b, c, d)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(inout) :: b(n, m), d(0:n+1)
  real, intent(out) :: c(n, m)
  integer :: i, j
  c = 0.0
  forall (i = 1:n, j = 1:m, a(i, j) > 0.9) c(i, j) = 2.0*a(i, j)
  shift: forall (i = 2:n, j = 1:m)
    b(i, j) = a(i, j) + 1.0
    c(i, j) = c(i, j) + b(i-1, j)
  end forall shift
  forall (i = 1:n:3)
    forall (j = 2:m:2) b(i, j) = -a(i, j)
  end forall
  forall (i = 1:n) d(i) = d(i-1) + d(i+1)
end subroutine foralls

! WHERE inside FORALL: at each index value an array statement over a
! row, its ELSEWHERE branches under the negations of the masks before.
!$OFP PURE, KERNEL :: forall_where
subroutine forall_where(n, m, a, b, c)
  integer, intent(in) :: n, m
  real, intent(in) :: b(n, m)
  real, intent(inout) :: a(n, m), c(n, m)
  integer :: i
  forall (i = 1:n)
    where (b(i, :) > 1.0) a(i, :) = b(i, :) - 1.0
    where (b(i, 2:m) < 0.8)
      c(i, 1:m-1) = a(i, 2:m)
    elsewhere (b(i, 2:m) > 1.2)
      c(i, 1:m-1) = -1.0
    elsewhere
      c(i, 1:m-1) = 2.0
    end where
  end forall
end subroutine forall_where

! FORALL in a sequential DO on the host (its temporary reused by every
! trip) and under an IF between nests.
!$OFP PURE, KERNEL :: forall_steps
subroutine forall_steps(n, nit, mode, a)
  integer, intent(in) :: n, nit, mode
  real, intent(inout) :: a(0:n+1)
  integer :: i, it
  do it = 1, nit
    forall (i = 1:n) a(i) = 0.5*(a(i-1) + a(i+1))
  end do
  if (mode > 3) then
    forall (i = 1:n, a(i) > 1.0) a(i) = 1.0
  end if
end subroutine forall_steps

! A scatter through a permutation: forocl cannot prove it one-to-one and
! trusts Fortran's rule (the warning forall-unproven).
! test input: perm is a permutation of 1:n
!$OFP PURE, KERNEL :: forall_scatter
subroutine forall_scatter(n, perm, a, b)
  integer, intent(in) :: n
  integer, intent(in) :: perm(n)
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  integer :: i
  forall (i = 1:n, a(i) > 0.8) b(perm(i)) = 2.0*a(i)  ! WARNING [forall-unproven]
end subroutine forall_scatter

! Nested FORALLs whose bounds use the outer index (triangles, one over a
! descending strided index, reading the transpose through a temporary).
! (gfortran 12 corrupts its heap when a masked inner FORALL has such
! bounds, so none has a mask here; forocl takes that form too.)
!$OFP PURE, KERNEL :: forall_tri
subroutine forall_tri(n, a, b)
  integer, intent(in) :: n
  real, intent(inout) :: a(n, n)
  real, intent(in) :: b(n, n)
  integer :: i, j
  forall (i = 1:n)
    forall (j = i:n) a(i, j) = b(i, j) + 1.0
  end forall
  forall (i = n:1:-2)
    forall (j = 1:i-1) a(i, j) = a(i, j) + a(j, i)
  end forall
end subroutine forall_tri

! Sections on the left-hand side that read the array at other index
! values (a row from the row before) or at other elements of their own
! section (a reversed row), also under WHERE: through a temporary.
!$OFP PURE, KERNEL :: forall_sections
subroutine forall_sections(n, m, a, b)
  integer, intent(in) :: n, m
  real, intent(inout) :: a(n, m)
  real, intent(in) :: b(n, m)
  integer :: i
  forall (i = 2:n) a(i, :) = a(i-1, :) + 1.0
  forall (i = 1:n) a(i, 1:m) = a(i, m:1:-1)
  forall (i = 1:n)
    where (b(i, :) > 1.0) a(i, :) = a(i, m:1:-1)
  end forall
end subroutine forall_sections
