! An IF between the nests on an element of a local array: the host runs
! the IF, but a local array lives on the device only, in the work-items
! of a nest.
!$OFP PURE, KERNEL :: guard_local
subroutine guard_local(n, a, b)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  real :: w(2)
  if (w(1) > 0.0) then  ! ERROR [loop-guard-array] "the host reads local array \"w\""
    do concurrent (i = 1:n)
      b(i) = a(i)
    end do
  end if
end subroutine guard_local
