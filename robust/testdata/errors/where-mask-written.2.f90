! A WHERE inside a nest: Fortran evaluates the mask once, so a construct
! of two assignments may not assign what its mask reads (Note [WHERE in
! nests]).
subroutine relax(n, m, h, u)
!$OFP PURE, KERNEL :: relax
  integer, intent(in) :: n, m
  real, intent(inout) :: h(n, m), u(n, m)
  integer :: j
  do concurrent (j = 1:m)
    where (h(:, j) > 0.0)
      u(:, j) = u(:, j) + h(:, j)
      h(:, j) = 0.0  ! ERROR:7 [where-mask-written] "this where construct assigns \"h\", which its mask reads"
    end where
  end do
end subroutine relax
