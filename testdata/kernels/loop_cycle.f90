! CYCLE in loop kernels (Note [cycle as if]): "if (c) cycle" in a
! parallel nest's body and in a sequential loop inside it skips the rest
! of that iteration; the nest stays parallel.
!$OFP PURE, KERNEL :: skip_small
subroutine skip_small(a, b, n, m)
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  integer :: i, j, k
  real :: s
  do j = 1, m
    do i = 1, n
      b(i, j) = -1.0
      if (a(i, j) < 0.8) cycle
      s = 0
      do k = 1, 4
        if (k == 2) then
          cycle
        end if
        s = s + k*a(i, j)
      end do
      b(i, j) = s
    end do
  end do
end subroutine skip_small
