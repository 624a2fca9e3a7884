! intent(inout) scalar dummies of loop kernels (issue 22, Note [inout
! scalars] in sema/scalarintent.go): the kernel starts from the caller's
! value and gives the last one back. A running count in a serial DO (the
! ParRes init_particles form, loop-serial), a reduction clause that adds
! to the caller's value, an integer(8) count, an update between nests,
! and a scalar with no INTENT that is read before it is assigned
! (inferred intent(inout)).
!$OFP PURE, KERNEL :: running_count
subroutine running_count(n, a, pos, cnt, total, big)
  use iso_fortran_env, only: int64
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  integer, intent(out) :: pos(n)
  integer, intent(inout) :: cnt
  real(8), intent(inout) :: total
  integer(int64), intent(inout) :: big
  integer :: i
  do i = 1, n  ! WARNING [loop-serial]: the running count
    if (a(i) > 1.0) then
      cnt = cnt + 1
      pos(i) = cnt
    else
      pos(i) = -cnt
    end if
  end do
  !$omp parallel do reduction(+:total)
  do i = 1, n
    total = total + a(i)
  end do
  total = total*0.5d0 + cnt
  big = big*3_int64 + int(cnt, int64)
end subroutine

!$OFP PURE, KERNEL :: scale_count
subroutine scale_count(n, a, s, k)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real :: s
  integer :: k
  integer :: i
  !$omp parallel do
  do i = 1, n
    a(i) = a(i)*s
  end do
  s = s + 1.0
  if (s > 2.0) k = k + n
end subroutine
