! Local arrays of called subroutines (Note [local arrays of inlined calls]
! in sema/calllocals.go): an automatic array whose size the call passes
! as a variable has no size fixed when the kernel is compiled; a
! subroutine with a local array called outside a parallel loop; and a
! SAVEd local scalar that the callee assigns, which every work-item's
! call would share.
module work
  implicit none
contains
  pure subroutine smooth(m2, x, r)
    integer, intent(in) :: m2
    real(8), intent(in) :: x(:)
    real(8), intent(out) :: r
    real(8) :: t(m2)  ! ERROR [loop-local-array] "a bound of local array \"t\" of subroutine \"smooth\" is not a constant at this call"
    integer :: k
    do k = 1, m2
      t(k) = x(k)
    end do
    r = sum(t)
  end subroutine

  subroutine count_calls(x, r)
    real(8), intent(in) :: x
    real(8), intent(out) :: r
    integer :: calls = 0
    calls = calls + 1
    r = x*calls
  end subroutine
end module

!$OFP PURE, KERNEL :: call_local_array
subroutine call_local_array(n, m, x, y, z, s)
  use work
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n), z(n), s
  integer :: i
  call smooth(3, x, s)  ! ERROR [call-array-argument] "subroutine \"smooth\" has local array \"t\"; forocl inlines a subroutine with local arrays only inside a parallel loop"
  !$omp parallel do
  do i = 1, n
    call smooth(m, x, y(i))
    call count_calls(x(i), z(i))  ! ERROR [call-side-effect] "subroutine \"count_calls\" assigns \"calls\", which keeps its value between calls"
  end do
end subroutine
