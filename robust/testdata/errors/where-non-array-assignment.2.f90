! A WHERE inside a nest assigns sections; an element under it is refused
! at its line (Note [WHERE in nests]).
subroutine k(n, m, a, b)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  integer :: j
  do concurrent (j = 1:m)
    where (a(:, j) > 0.0)
      b(1, j) = 1.0  ! ERROR:7 [where-non-array-assignment] "an assignment under WHERE must assign an array section or whole array"
    end where
  end do
end subroutine k
